import { Card, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** One section of the account page's security settings: a title, what it does in a sentence, and its form. */
export function SecuritySection({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {lead}
        </Text>
        {children}
      </Stack>
    </Card>
  )
}

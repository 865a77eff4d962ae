import { Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/**
 * The frame of a step's page in the signed-in area (the due-diligence and UK steps): its title, a line on why it is
 * asked, the journey's notice, then the body.
 */
export function PageFrame({
  title,
  intro,
  notice,
  children,
}: {
  title: string
  intro: string
  notice?: ReactNode
  children: ReactNode
}) {
  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      </Stack>
      {notice}
      {children}
    </Stack>
  )
}

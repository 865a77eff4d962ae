import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** The card every agreement screen sits in: its heading, the version, and a test-environment mark for the sandbox. */
export function AgreementFrame({
  title,
  version,
  sandbox = false,
  children,
}: {
  title: string
  version?: string
  sandbox?: boolean
  children: ReactNode
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      maw={760}
      component="section"
      aria-labelledby="agreement-title"
    >
      <Stack gap="md" align="flex-start">
        <Group gap="sm" wrap="wrap">
          <Title id="agreement-title" order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {sandbox ? (
            <Badge color="yellow" variant="light">
              Test environment
            </Badge>
          ) : null}
        </Group>
        {version ? (
          <Text size="sm" c="dimmed">
            Version {version}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Paper>
  )
}

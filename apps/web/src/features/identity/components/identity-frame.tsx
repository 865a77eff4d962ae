import { Badge, Group, Paper, Stack, Title } from '@mantine/core'
import type { ReactNode } from 'react'

interface IdentityFrameProps {
  title: string
  children: ReactNode
  /** Marks the sandbox provider: nothing is read and the tester picks the result. */
  sandbox?: boolean
}

/** The card every identity screen sits in, titled by its heading. */
export function IdentityFrame({ title, children, sandbox = false }: IdentityFrameProps) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'lg', sm: 'xl' }}
      maw={640}
      component="section"
      aria-labelledby="identity-title"
    >
      <Stack gap="md" align="flex-start">
        <Group gap="sm" wrap="wrap">
          <Title id="identity-title" order={1} fz={{ base: 24, sm: 28 }}>
            {title}
          </Title>
          {sandbox ? (
            <Badge color="yellow" variant="light">
              Test environment
            </Badge>
          ) : null}
        </Group>
        {children}
      </Stack>
    </Paper>
  )
}

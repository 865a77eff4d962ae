import { Paper, Stack, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** A titled part of a page: a queue, or a part of a file. */
export function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <Paper withBorder p="sm" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
          {aside ? <> {aside}</> : null}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}

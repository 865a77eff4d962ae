import { Group, Stack } from '@mantine/core'
import type { ReactNode } from 'react'

/** One line of the checks panel (a step owed, an order waiting): what it is about, named by `titleId`, and its button. */
export function CheckRow({ titleId, children, action }: { titleId: string; children: ReactNode; action: ReactNode }) {
  return (
    <Group
      component="li"
      aria-labelledby={titleId}
      justify="space-between"
      align="center"
      gap="xs"
      wrap="wrap"
      py={6}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
        {children}
      </Stack>
      {action}
    </Group>
  )
}

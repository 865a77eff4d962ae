import { Button, Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

interface PayOptionCardProps {
  title: string
  children: ReactNode
  action: string
  onAction: () => void
  loading?: boolean
  disabled?: boolean
  /** The option the customer is most likely to want: a filled button. */
  primary?: boolean
}

/** One way to pay on a payment screen: what it is, what happens, and the button that does it. */
export function PayOptionCard({
  title,
  children,
  action,
  onAction,
  loading = false,
  disabled = false,
  primary = false,
}: PayOptionCardProps) {
  return (
    <Paper withBorder radius="md" p="md" h="100%" component="section" aria-label={title}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={4}>
          <Title order={2} fz="lg">
            {title}
          </Title>
          <Text size="sm" c="dimmed" component="div">
            {children}
          </Text>
        </Stack>
        <Button
          onClick={onAction}
          loading={loading}
          disabled={disabled}
          variant={primary ? 'filled' : 'default'}
          fullWidth
          // Long actions ("Pay by bank transfer to your personal IBAN") wrap on a phone instead of being cut.
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
        >
          {action}
        </Button>
      </Stack>
    </Paper>
  )
}

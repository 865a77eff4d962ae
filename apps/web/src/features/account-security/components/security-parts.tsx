import { PAYOUT_HOLD_HOURS } from '@exchange/shared/payout-hold'
import { Card, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

/** What a change of password or e-mail means for payouts (decision 126), said when it is done. */
export const PAYOUT_HOLD_NOTE = `For your safety, for the next ${PAYOUT_HOLD_HOURS} hours your coins go only to wallets we have sent coins to before; to a new wallet they go out after that.`

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

import { PAYOUT_HOLD_HOURS } from '@exchange/shared/payout-hold'
import { Card, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { localizeCopy } from '../../../lib/common-copy'
import { accountSecurityCatalog } from '../messages'

/**
 * What a change of password or e-mail means for payouts (decision 126), said when it is done: called by a screen whose
 * component has loaded the catalog.
 */
export const payoutHoldNote = () =>
  accountSecurityCatalog.t('account-security.payoutHold', { hours: PAYOUT_HOLD_HOURS })

/** A field's message in the customer's language: the shared rules' own words are translated by the common catalog. */
export const fieldError = (message: string | undefined) => (message === undefined ? undefined : localizeCopy(message))

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

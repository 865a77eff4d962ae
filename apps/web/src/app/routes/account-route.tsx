import { Stack } from '@mantine/core'
import { AccountOverview } from '../../features/client-details/components/account-overview'
import { IdentitySummaryCard } from '../../features/identity/components/identity-summary-card'

/** /dashAccount: the customer's details, then where their identity check stands. */
export function Component() {
  return (
    <Stack gap="lg" maw={720}>
      <AccountOverview />
      <IdentitySummaryCard />
    </Stack>
  )
}

import { Stack } from '@mantine/core'
import { AgreementRecordsCard } from '../../features/agreement/components/agreement-records-card'
import { downloadFile } from '../../features/documents/api/download-file'
import { AccountOverview } from '../../features/client-details/components/account-overview'
import { IdentitySummaryCard } from '../../features/identity/components/identity-summary-card'

/** /dashAccount: the customer's details, where their identity check stands, and their signed agreements. */
export function Component() {
  return (
    <Stack gap="lg" maw={720}>
      <AccountOverview />
      <IdentitySummaryCard />
      <AgreementRecordsCard download={(id, fileName) => downloadFile(id, fileName, 'downloadAgreement')} />
    </Stack>
  )
}

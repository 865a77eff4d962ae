import { Stack } from '@mantine/core'
import { AgreementRecordsCard } from '../../features/agreement/components/agreement-records-card'
import { CloseAccountForm } from '../../features/account-security/components/close-account-form'
import { EmailChangeForm } from '../../features/account-security/components/email-change-form'
import { LanguageSection } from '../../features/account-security/components/language-section'
import { PasswordChangeForm } from '../../features/account-security/components/password-change-form'
import { SessionsList } from '../../features/account-security/components/sessions-list'
import { TwoFactorSection } from '../../features/account-security/components/two-factor-section'
import { downloadFile } from '../../features/documents/api/download-file'
import { AccountOverview } from '../../features/client-details/components/account-overview'
import { IdentitySummaryCard } from '../../features/identity/components/identity-summary-card'

/**
 * /dashAccount: the customer's details, where their identity check stands, their signed agreements, and the security
 * settings (decisions 121, 124): two-factor sign-in, password, e-mail address, where they are signed in, the language
 * (decision 129), and closing the account.
 */
export function Component() {
  return (
    <Stack gap="lg" maw={720}>
      <AccountOverview />
      <IdentitySummaryCard />
      <AgreementRecordsCard download={(id, fileName) => downloadFile(id, fileName, 'downloadAgreement')} />
      <TwoFactorSection />
      <PasswordChangeForm />
      <EmailChangeForm />
      <SessionsList />
      <LanguageSection />
      <CloseAccountForm />
    </Stack>
  )
}

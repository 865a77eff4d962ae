import type { IdentityCheckStatus } from '@exchange/shared/identity.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Button, Group, Text } from '@mantine/core'
import { Link } from 'react-router'
import { FormSection } from '../../../components/ui/form-parts'
import { useBrand } from '../../../lib/brand-context'
import { useIdentityStatus } from '../api/get-identity-status'
import { useCatalog } from '../../../lib/i18n/catalog'
import { identityCatalog, type IdentityId } from '../messages'

/** One line per state, and where the button leads. */
const SUMMARY: Record<IdentityCheckStatus, { action: IdentityId; to: string }> = {
  none: { action: 'identity.action.verify', to: WEB_PATHS.authStart },
  started: { action: 'identity.action.continue', to: WEB_PATHS.hostedAuth },
  pending: { action: 'identity.action.see', to: WEB_PATHS.authEnd },
  review: { action: 'identity.action.see', to: WEB_PATHS.authEnd },
  resubmission_requested: { action: 'identity.action.seeWhatToSend', to: WEB_PATHS.authEnd },
  approved: { action: 'identity.action.see', to: WEB_PATHS.authEnd },
  rejected: { action: 'identity.action.see', to: WEB_PATHS.authEnd },
}

/** On the account page: where the identity check stands, its one next step, and the way to send documents. */
export function IdentitySummaryCard() {
  const t = useCatalog(identityCatalog)
  const brand = useBrand()
  const identity = useIdentityStatus(brand.brandName)
  const answer = identity.data
  const status = answer && answer.result ? answer.data.status : null
  const summary = status ? SUMMARY[status] : null

  return (
    <FormSection title={t('identity.summary.title')} gap="sm">
      <Text size="sm" c={summary ? undefined : 'dimmed'}>
        {status
          ? t('identity.summary.line', { state: t(`identity.summary.${status}`) })
          : identity.isPending
            ? t('identity.summary.loading')
            : t('identity.summary.failed')}
      </Text>
      <Group gap="sm">
        <Button component={Link} to={summary?.to ?? WEB_PATHS.authStart} variant="light">
          {t(summary?.action ?? 'identity.summary.open')}
        </Button>
        <Button component={Link} to={WEB_PATHS.uploadDocs} variant="subtle">
          {t('identity.summary.upload')}
        </Button>
      </Group>
    </FormSection>
  )
}

import type { IdentityCheckStatus } from '@exchange/shared/identity.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Button, Group, Text } from '@mantine/core'
import { Link } from 'react-router'
import { FormSection } from '../../../components/ui/form-parts'
import { useBrand } from '../../../lib/brand-context'
import { useIdentityStatus } from '../api/get-identity-status'

/** One line per state, and where the button leads. */
const SUMMARY: Record<IdentityCheckStatus, { text: string; action: string; to: string }> = {
  none: { text: 'Not started yet.', action: 'Verify your identity', to: WEB_PATHS.authStart },
  started: { text: 'Started, not finished.', action: 'Continue identity check', to: WEB_PATHS.hostedAuth },
  pending: { text: 'In progress.', action: 'See your identity check', to: WEB_PATHS.authEnd },
  review: { text: 'Being reviewed by a person.', action: 'See your identity check', to: WEB_PATHS.authEnd },
  resubmission_requested: {
    text: 'Please send your documents again.',
    action: 'See what to send',
    to: WEB_PATHS.authEnd,
  },
  approved: { text: 'Verified.', action: 'See your identity check', to: WEB_PATHS.authEnd },
  rejected: { text: 'We could not verify your identity.', action: 'See your identity check', to: WEB_PATHS.authEnd },
}

/** On the account page: where the identity check stands, its one next step, and the way to send documents. */
export function IdentitySummaryCard() {
  const brand = useBrand()
  const identity = useIdentityStatus(brand.brandName)
  const answer = identity.data
  const summary = answer && answer.result ? SUMMARY[answer.data.status] : null

  return (
    <FormSection title="Identity and documents" gap="sm">
      <Text size="sm" c={summary ? undefined : 'dimmed'}>
        {summary
          ? `Identity check: ${summary.text}`
          : identity.isPending
            ? 'Loading…'
            : 'We could not load your identity check.'}
      </Text>
      <Group gap="sm">
        <Button component={Link} to={summary?.to ?? WEB_PATHS.authStart} variant="light">
          {summary?.action ?? 'Open identity check'}
        </Button>
        <Button component={Link} to={WEB_PATHS.uploadDocs} variant="subtle">
          Upload documents
        </Button>
      </Group>
    </FormSection>
  )
}

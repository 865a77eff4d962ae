import type { IdentityCheckStatus } from '@exchange/shared/identity.schemas'
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core'
import { Link } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { useIdentityStatus } from '../api/get-identity-status'

/** One line per state, and where the button leads. */
const SUMMARY: Record<IdentityCheckStatus, { text: string; action: string; to: string }> = {
  none: { text: 'Not started yet.', action: 'Verify your identity', to: '/dashboard-authstart' },
  started: { text: 'Started, not finished.', action: 'Continue identity check', to: '/dashboard-hostedauth' },
  pending: { text: 'In progress.', action: 'See your identity check', to: '/dashboard-authend' },
  review: { text: 'Being reviewed by a person.', action: 'See your identity check', to: '/dashboard-authend' },
  resubmission_requested: {
    text: 'Please send your documents again.',
    action: 'See what to send',
    to: '/dashboard-authend',
  },
  approved: { text: 'Verified.', action: 'See your identity check', to: '/dashboard-authend' },
  rejected: { text: 'We could not verify your identity.', action: 'See your identity check', to: '/dashboard-authend' },
}

/** On the account page: where the identity check stands, its one next step, and the way to send documents. */
export function IdentitySummaryCard() {
  const brand = useBrand()
  const identity = useIdentityStatus(brand.brandName)
  const answer = identity.data
  const summary = answer && answer.result ? SUMMARY[answer.data.status] : null

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="identity-summary-title">
      <Stack gap="sm">
        <Title id="identity-summary-title" order={2} fz="lg">
          Identity and documents
        </Title>
        <Text size="sm" c={summary ? undefined : 'dimmed'}>
          {summary
            ? `Identity check: ${summary.text}`
            : identity.isPending
              ? 'Loading…'
              : 'We could not load your identity check.'}
        </Text>
        <Group gap="sm">
          <Button component={Link} to={summary?.to ?? '/dashboard-authstart'} variant="light">
            {summary?.action ?? 'Open identity check'}
          </Button>
          <Button component={Link} to="/dashboard-uploaddocs" variant="subtle">
            Upload documents
          </Button>
        </Group>
      </Stack>
    </Card>
  )
}

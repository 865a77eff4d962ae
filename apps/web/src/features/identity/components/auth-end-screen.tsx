import type { IdentityCheckStatus } from '@exchange/shared/identity.schemas'
import { Alert, Anchor, Blockquote, Button, Group, Skeleton, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { useIdentityStatus } from '../api/get-identity-status'
import { identityAlertCopy } from '../identity-copy'
import { IdentityFrame } from './identity-frame'

/** The heading of the result, by where the check stands. */
export const AUTH_END_TITLES: Record<IdentityCheckStatus, string> = {
  none: 'You have not started your identity check',
  started: 'Your identity check is not finished',
  pending: 'Your identity check is in progress',
  review: 'Your documents are being reviewed',
  resubmission_requested: 'Please send your documents again',
  approved: 'Your identity is verified',
  rejected: 'We could not verify your identity',
}

/** The identity partner's own words (what to send again, or why it failed), when it gave any. */
function PartnerMessage({ label, message }: { label: string; message: string | null }) {
  if (!message) return null
  return (
    <Stack gap={4} w="100%">
      <Text size="sm" fw={700}>
        {label}
      </Text>
      <Blockquote color="yellow" p="sm" radius="md" w="100%" fz="sm" aria-label={label}>
        {message}
      </Blockquote>
    </Stack>
  )
}

function CheckAgain({ onClick, busy }: { onClick: () => void; busy: boolean }) {
  return (
    <Button variant="light" onClick={onClick} loading={busy}>
      Check again
    </Button>
  )
}

/**
 * /dashboard-authend: the result of the identity check and what to do next, in plain words. It reads the stored
 * status (`identityStatus`), like the return page, never what the browser was told.
 */
export function AuthEndScreen() {
  const brand = useBrand()
  const identity = useIdentityStatus(brand.brandName)
  const answer = identity.data
  const check = answer && answer.result ? answer.data : null
  const refetch = () => void identity.refetch()

  if (identity.isPending) {
    return (
      <IdentityFrame title="Your identity check">
        <Stack gap="xs" w="100%" role="status" aria-label="Loading your identity check">
          <Skeleton height={18} />
          <Skeleton height={18} width="70%" />
        </Stack>
      </IdentityFrame>
    )
  }

  if (!check) {
    return (
      <IdentityFrame title="Your identity check">
        <Alert role="alert" color="red" variant="light" w="100%">
          {identityAlertCopy(answer && !answer.result ? answer.error : 'internal_error')}
        </Alert>
        <CheckAgain onClick={refetch} busy={identity.isFetching} />
      </IdentityFrame>
    )
  }

  let body: ReactNode
  switch (check.status) {
    case 'approved':
      body = (
        <>
          <Text>Thank you. Your identity check is complete, so you can go on buying crypto.</Text>
          <Button component={Link} to="/dashboard">
            Buy crypto
          </Button>
        </>
      )
      break
    case 'resubmission_requested':
      body = (
        <>
          <Text>Our identity partner could not accept part of what you sent.</Text>
          <PartnerMessage label="What our identity partner said" message={check.message} />
          <Text fw={700}>What to do next</Text>
          <Text size="sm">
            Press “Send documents again”. You go back to our partner&apos;s secure page, where you send again only what
            is asked. Then you come back here and we check it again.
          </Text>
          <Button component={Link} to="/dashboard-hostedauth">
            Send documents again
          </Button>
        </>
      )
      break
    case 'rejected':
      body = (
        <>
          <Text>This decision is final, so we cannot send you crypto.</Text>
          <PartnerMessage label="The reason our identity partner gave" message={check.message} />
          <Text size="sm">
            Please contact our support team at{' '}
            <Anchor href={`mailto:${brand.company.supportEmail}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {brand.company.supportEmail}
            </Anchor>
            . They can tell you more about the decision and what you can do.
          </Text>
          <Button component={Link} to="/dashSupport" variant="light">
            Contact support
          </Button>
        </>
      )
      break
    case 'review':
      body = (
        <>
          <Text>
            A person is looking at your documents. This can take up to one working day. You do not need to do anything.
          </Text>
          <Text size="sm" c="dimmed">
            Come back to this page to see the result.
          </Text>
          <CheckAgain onClick={refetch} busy={identity.isFetching} />
        </>
      )
      break
    case 'pending':
      body = (
        <>
          <Text>Our identity partner is checking your documents. This usually takes a few minutes.</Text>
          <CheckAgain onClick={refetch} busy={identity.isFetching} />
        </>
      )
      break
    case 'started':
      body = (
        <>
          <Text>You opened the identity check, but our partner has not received your photos yet.</Text>
          <Group gap="md">
            <Button component={Link} to="/dashboard-hostedauth">
              Continue identity check
            </Button>
            <CheckAgain onClick={refetch} busy={identity.isFetching} />
          </Group>
        </>
      )
      break
    case 'none':
      body = (
        <>
          <Text>We need to know who you are before we can send crypto to you.</Text>
          <Button component={Link} to="/dashboard-authstart">
            Start identity check
          </Button>
        </>
      )
      break
  }

  return <IdentityFrame title={AUTH_END_TITLES[check.status]}>{body}</IdentityFrame>
}

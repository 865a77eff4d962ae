import type { IdentityCheckStatus } from '@exchange/shared/identity.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Anchor, Blockquote, Button, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useBrand } from '../../../lib/brand-context'

/** What an outcome gets: the partner's words, and the way to ask for the status again. */
export interface OutcomeProps {
  message: string | null
  recheck: () => void
  busy: boolean
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

export function CheckAgain({ onClick, busy }: { onClick: () => void; busy: boolean }) {
  return (
    <Button variant="light" onClick={onClick} loading={busy}>
      Check again
    </Button>
  )
}

function Approved() {
  return (
    <>
      <Text>Thank you. Your identity check is complete, so you can go on buying crypto.</Text>
      <Button component={Link} to={WEB_PATHS.dashboard}>
        Buy crypto
      </Button>
    </>
  )
}

function SendAgain({ message }: OutcomeProps) {
  return (
    <>
      <Text>Our identity partner could not accept part of what you sent.</Text>
      <PartnerMessage label="What our identity partner said" message={message} />
      <Text fw={700}>What to do next</Text>
      <Text size="sm">
        Press “Send documents again”. You go back to our partner&apos;s secure page, where you send again only what is
        asked. Then you come back here and we check it again.
      </Text>
      <Button component={Link} to={WEB_PATHS.hostedAuth}>
        Send documents again
      </Button>
    </>
  )
}

function Rejected({ message }: OutcomeProps) {
  const { supportEmail } = useBrand().company
  return (
    <>
      <Text>This decision is final, so we cannot send you crypto.</Text>
      <PartnerMessage label="The reason our identity partner gave" message={message} />
      <Text size="sm">
        Please contact our support team at{' '}
        <Anchor href={`mailto:${supportEmail}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {supportEmail}
        </Anchor>
        . They can tell you more about the decision and what you can do.
      </Text>
      <Button component={Link} to={WEB_PATHS.support} variant="light">
        Contact support
      </Button>
    </>
  )
}

function InReview({ recheck, busy }: OutcomeProps) {
  return (
    <>
      <Text>
        A person is looking at your documents. This can take up to one working day. You do not need to do anything.
      </Text>
      <Text size="sm" c="dimmed">
        Come back to this page to see the result.
      </Text>
      <CheckAgain onClick={recheck} busy={busy} />
    </>
  )
}

function Pending({ recheck, busy }: OutcomeProps) {
  return (
    <>
      <Text>Our identity partner is checking your documents. This usually takes a few minutes.</Text>
      <CheckAgain onClick={recheck} busy={busy} />
    </>
  )
}

function Started({ recheck, busy }: OutcomeProps) {
  return (
    <>
      <Text>You opened the identity check, but our partner has not received your photos yet.</Text>
      <Group gap="md">
        <Button component={Link} to={WEB_PATHS.hostedAuth}>
          Continue identity check
        </Button>
        <CheckAgain onClick={recheck} busy={busy} />
      </Group>
    </>
  )
}

function NotStarted() {
  return (
    <>
      <Text>We need to know who you are before we can send crypto to you.</Text>
      <Button component={Link} to={WEB_PATHS.authStart}>
        Start identity check
      </Button>
    </>
  )
}

/** The heading of the result and what it says to do next, by where the check stands. */
export const AUTH_END_OUTCOMES: Record<
  IdentityCheckStatus,
  { title: string; Body: (props: OutcomeProps) => ReactNode }
> = {
  none: { title: 'You have not started your identity check', Body: NotStarted },
  started: { title: 'Your identity check is not finished', Body: Started },
  pending: { title: 'Your identity check is in progress', Body: Pending },
  review: { title: 'Your documents are being reviewed', Body: InReview },
  resubmission_requested: { title: 'Please send your documents again', Body: SendAgain },
  approved: { title: 'Your identity is verified', Body: Approved },
  rejected: { title: 'We could not verify your identity', Body: Rejected },
}

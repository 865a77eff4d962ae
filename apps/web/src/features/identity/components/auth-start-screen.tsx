import type { IdentityCheckStatus } from '@exchange/shared/identity.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Button, List, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { useIdentityStatus } from '../api/get-identity-status'
import { IDENTITY_DURATION } from '../identity-copy'
import { IdentityFrame } from './identity-frame'

/** What the button says and where it leads, by where the check stands; `null` while the status is unknown. */
function nextStep(status: IdentityCheckStatus | null): { label: string; to: string; note: string | null } {
  switch (status) {
    case 'started':
      return { label: 'Continue identity check', to: WEB_PATHS.hostedAuth, note: null }
    case 'resubmission_requested':
      return {
        label: 'Send your documents again',
        to: WEB_PATHS.hostedAuth,
        note: 'Our identity partner asked you to send part of your documents again.',
      }
    case 'pending':
    case 'review':
      return { label: 'See your identity check', to: WEB_PATHS.authEnd, note: 'Your identity check is in progress.' }
    case 'approved':
      return { label: 'See your identity check', to: WEB_PATHS.authEnd, note: 'Your identity is already verified.' }
    case 'rejected':
      return {
        label: 'See your identity check',
        to: WEB_PATHS.authEnd,
        note: 'We could not verify your identity. Please contact support.',
      }
    default:
      return { label: 'Start identity check', to: WEB_PATHS.hostedAuth, note: null }
  }
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={2} fz="lg">
        {title}
      </Title>
      {children}
    </Stack>
  )
}

/** /dashboard-authstart: what the identity check needs, why we ask, and how long it takes; then off to the partner. */
export function AuthStartScreen() {
  const brand = useBrand()
  const identity = useIdentityStatus(brand.brandName)
  const answer = identity.data
  const status = answer && answer.result ? answer.data.status : null
  const next = nextStep(status)

  return (
    <IdentityFrame title="Verify your identity">
      <Text>Before we can send crypto to you, we need to know who you are.</Text>
      <Section title="What you need">
        <List spacing={4} size="sm">
          <List.Item>
            An identity document in your name that has not expired: a passport, a national identity card or a driving
            licence.
          </List.Item>
          <List.Item>A phone or a computer with a camera, to take a selfie.</List.Item>
        </List>
      </Section>
      <Section title="Why we ask">
        <Text size="sm">
          The law requires us to know our customers before we send them crypto. It protects you and helps stop money
          laundering. We compare your selfie with the photo on your document to make sure nobody else uses your account.
        </Text>
      </Section>
      <Section title="How long it takes">
        <Text size="sm">{IDENTITY_DURATION}</Text>
      </Section>
      <Text size="sm" c="dimmed">
        You take the photos on the secure page of our identity partner, then you come back here.
      </Text>
      {next.note ? (
        <Alert color="blue" variant="light" w="100%">
          {next.note}
        </Alert>
      ) : null}
      <Button component={Link} to={next.to} size="md">
        {next.label}
      </Button>
    </IdentityFrame>
  )
}

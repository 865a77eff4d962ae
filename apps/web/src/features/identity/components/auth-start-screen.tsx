import type { IdentityCheckStatus } from '@exchange/shared/identity.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Button, List, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { useIdentityStatus } from '../api/get-identity-status'
import { useCatalog } from '../../../lib/i18n/catalog'
import { identityCatalog, type IdentityId } from '../messages'
import { IdentityFrame } from './identity-frame'

/** What the button says and where it leads, by where the check stands; `null` while the status is unknown. */
function nextStep(status: IdentityCheckStatus | null): { label: IdentityId; to: string; note: IdentityId | null } {
  switch (status) {
    case 'started':
      return { label: 'identity.action.continue', to: WEB_PATHS.hostedAuth, note: null }
    case 'resubmission_requested':
      return {
        label: 'identity.action.sendAgain',
        to: WEB_PATHS.hostedAuth,
        note: 'identity.start.noteResubmission',
      }
    case 'pending':
    case 'review':
      return { label: 'identity.action.see', to: WEB_PATHS.authEnd, note: 'identity.start.noteInProgress' }
    case 'approved':
      return { label: 'identity.action.see', to: WEB_PATHS.authEnd, note: 'identity.start.noteApproved' }
    case 'rejected':
      return { label: 'identity.action.see', to: WEB_PATHS.authEnd, note: 'identity.start.noteRejected' }
    default:
      return { label: 'identity.action.start', to: WEB_PATHS.hostedAuth, note: null }
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
  const t = useCatalog(identityCatalog)
  const brand = useBrand()
  const identity = useIdentityStatus(brand.brandName)
  const answer = identity.data
  const status = answer && answer.result ? answer.data.status : null
  const next = nextStep(status)

  return (
    <IdentityFrame title={t('identity.start.title')}>
      <Text>{t('identity.start.lead')}</Text>
      <Section title={t('identity.start.need')}>
        <List spacing={4} size="sm">
          <List.Item>{t('identity.start.document')}</List.Item>
          <List.Item>{t('identity.start.camera')}</List.Item>
        </List>
      </Section>
      <Section title={t('identity.start.why')}>
        <Text size="sm">{t('identity.start.whyBody')}</Text>
      </Section>
      <Section title={t('identity.start.howLong')}>
        <Text size="sm">{t('identity.duration')}</Text>
      </Section>
      <Text size="sm" c="dimmed">
        {t('identity.start.partnerPage')}
      </Text>
      {next.note ? (
        <Alert color="blue" variant="light" w="100%">
          {t(next.note)}
        </Alert>
      ) : null}
      <Button component={Link} to={next.to} size="md">
        {t(next.label)}
      </Button>
    </IdentityFrame>
  )
}

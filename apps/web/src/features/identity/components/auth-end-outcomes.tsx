import type { IdentityCheckStatus } from '@exchange/shared/identity.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Anchor, Blockquote, Button, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { identityCatalog, type IdentityId } from '../messages'

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
  const t = useCatalog(identityCatalog)
  return (
    <Button variant="light" onClick={onClick} loading={busy}>
      {t('identity.action.checkAgain')}
    </Button>
  )
}

function Approved() {
  const t = useCatalog(identityCatalog)
  return (
    <>
      <Text>{t('identity.end.approvedBody')}</Text>
      <Button component={Link} to={WEB_PATHS.dashboard}>
        {t('identity.action.buy')}
      </Button>
    </>
  )
}

function SendAgain({ message }: OutcomeProps) {
  const t = useCatalog(identityCatalog)
  return (
    <>
      <Text>{t('identity.end.sendAgainBody')}</Text>
      <PartnerMessage label={t('identity.end.partnerSaid')} message={message} />
      <Text fw={700}>{t('identity.end.whatNext')}</Text>
      <Text size="sm">{t('identity.end.sendAgainHow')}</Text>
      <Button component={Link} to={WEB_PATHS.hostedAuth}>
        {t('identity.action.sendDocumentsAgain')}
      </Button>
    </>
  )
}

function Rejected({ message }: OutcomeProps) {
  const t = useCatalog(identityCatalog)
  const { supportEmail } = useBrand().company
  return (
    <>
      <Text>{t('identity.end.rejectedBody')}</Text>
      <PartnerMessage label={t('identity.end.reason')} message={message} />
      <Text size="sm">
        <RichText
          catalog={identityCatalog}
          id="identity.end.contact"
          values={{ email: supportEmail }}
          parts={[<Anchor href={`mailto:${supportEmail}`} fw={600} style={{ overflowWrap: 'anywhere' }} />]}
        />
      </Text>
      <Button component={Link} to={WEB_PATHS.support} variant="light">
        {t('identity.action.contactSupport')}
      </Button>
    </>
  )
}

function InReview({ recheck, busy }: OutcomeProps) {
  const t = useCatalog(identityCatalog)
  return (
    <>
      <Text>{t('identity.end.reviewBody')}</Text>
      <Text size="sm" c="dimmed">
        {t('identity.end.comeBack')}
      </Text>
      <CheckAgain onClick={recheck} busy={busy} />
    </>
  )
}

function Pending({ recheck, busy }: OutcomeProps) {
  const t = useCatalog(identityCatalog)
  return (
    <>
      <Text>{t('identity.end.pendingBody')}</Text>
      <CheckAgain onClick={recheck} busy={busy} />
    </>
  )
}

function Started({ recheck, busy }: OutcomeProps) {
  const t = useCatalog(identityCatalog)
  return (
    <>
      <Text>{t('identity.end.startedBody')}</Text>
      <Group gap="md">
        <Button component={Link} to={WEB_PATHS.hostedAuth}>
          {t('identity.action.continue')}
        </Button>
        <CheckAgain onClick={recheck} busy={busy} />
      </Group>
    </>
  )
}

function NotStarted() {
  const t = useCatalog(identityCatalog)
  return (
    <>
      <Text>{t('identity.end.noneBody')}</Text>
      <Button component={Link} to={WEB_PATHS.authStart}>
        {t('identity.action.start')}
      </Button>
    </>
  )
}

/** The heading of the result and what it says to do next, by where the check stands. */
export const AUTH_END_OUTCOMES: Record<
  IdentityCheckStatus,
  { title: IdentityId; Body: (props: OutcomeProps) => ReactNode }
> = {
  none: { title: 'identity.end.none', Body: NotStarted },
  started: { title: 'identity.end.started', Body: Started },
  pending: { title: 'identity.end.pending', Body: Pending },
  review: { title: 'identity.end.review', Body: InReview },
  resubmission_requested: { title: 'identity.end.resubmission_requested', Body: SendAgain },
  approved: { title: 'identity.end.approved', Body: Approved },
  rejected: { title: 'identity.end.rejected', Body: Rejected },
}

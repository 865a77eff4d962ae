import type { SignedAgreementView } from '@exchange/shared/agreement.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Anchor, Button, Group, Text } from '@mantine/core'
import { Link, useNavigate } from 'react-router'
import { formatDateTime } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { agreementCatalog } from '../messages'
import { AgreementFrame } from './agreement-frame'

/** The version in force is signed: thanks, and on with where the customer was (the dashboard when nowhere). */
export function AgreementSigned({
  current,
  version,
  onContinue,
}: {
  current: SignedAgreementView
  version: string
  onContinue: () => Promise<boolean>
}) {
  const t = useCatalog(agreementCatalog)
  const navigate = useNavigate()
  return (
    <AgreementFrame title={t('agreement.signed.title')} version={version}>
      <Alert color="teal" variant="light" w="100%" role="status">
        {t('agreement.signed.thanks', { name: current.signerName, date: formatDateTime(current.signedAt) })}
      </Alert>
      <Text size="sm">{t('agreement.signed.copyKept')}</Text>
      <Group gap="md" wrap="wrap">
        <Button
          size="md"
          onClick={() =>
            void onContinue().then((moved) => {
              if (!moved) void navigate(WEB_PATHS.dashboard)
            })
          }
        >
          {t('agreement.signed.continue')}
        </Button>
        <Anchor component={Link} to={WEB_PATHS.account} fw={600} size="sm">
          {t('agreement.signed.download')}
        </Anchor>
      </Group>
    </AgreementFrame>
  )
}

/** No signature under way (declined, or never started): back to the agreement. */
export function AgreementNotSigned({ declined, version }: { declined: boolean; version: string }) {
  const t = useCatalog(agreementCatalog)
  return declined ? (
    <AgreementFrame title={t('agreement.notSigned.title')} version={version}>
      <Text>{t('agreement.notSigned.declined')}</Text>
      <Button component={Link} to={WEB_PATHS.disclaimer}>
        {t('agreement.notSigned.readAgain')}
      </Button>
    </AgreementFrame>
  ) : (
    <AgreementFrame title={t('agreement.return.checking')} version={version}>
      <Text>{t('agreement.notSigned.notStarted')}</Text>
      <Button component={Link} to={WEB_PATHS.disclaimer}>
        {t('agreement.notSigned.read')}
      </Button>
    </AgreementFrame>
  )
}

/** After two minutes without the partner's notice: sign now if the page was left early, or ask again. */
export function SignatureTakingLonger({
  version,
  recheck,
  busy,
}: {
  version: string
  recheck: () => void
  busy: boolean
}) {
  const t = useCatalog(agreementCatalog)
  return (
    <AgreementFrame title={t('agreement.return.checking')} version={version}>
      <Alert color="yellow" variant="light" title={t('agreement.longer.title')} w="100%">
        {t('agreement.longer.text')}
      </Alert>
      <Group gap="md" wrap="wrap">
        <Button component={Link} to={WEB_PATHS.signAgreement}>
          {t('agreement.longer.sign')}
        </Button>
        <Button variant="light" onClick={recheck} loading={busy}>
          {t('agreement.longer.checkAgain')}
        </Button>
      </Group>
    </AgreementFrame>
  )
}

import type { SignedAgreementView } from '@exchange/shared/agreement.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Anchor, Button, Group, Text } from '@mantine/core'
import { Link, useNavigate } from 'react-router'
import { formatDateTime } from '../../../lib/format'
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
  const navigate = useNavigate()
  return (
    <AgreementFrame title="Agreement signed" version={version}>
      <Alert color="teal" variant="light" w="100%" role="status">
        Thank you, {current.signerName}. You signed our customer agreement on {formatDateTime(current.signedAt)}.
      </Alert>
      <Text size="sm">A copy is kept in your account, where you can download it at any time.</Text>
      <Group gap="md" wrap="wrap">
        <Button
          size="md"
          onClick={() =>
            void onContinue().then((moved) => {
              if (!moved) void navigate(WEB_PATHS.dashboard)
            })
          }
        >
          Continue
        </Button>
        <Anchor component={Link} to={WEB_PATHS.account} fw={600} size="sm">
          Download your copy
        </Anchor>
      </Group>
    </AgreementFrame>
  )
}

/** No signature under way (declined, or never started): back to the agreement. */
export function AgreementNotSigned({ declined, version }: { declined: boolean; version: string }) {
  return declined ? (
    <AgreementFrame title="Agreement not signed" version={version}>
      <Text>You declined to sign the agreement. You can buy from us only once it is signed.</Text>
      <Button component={Link} to={WEB_PATHS.disclaimer}>
        Read the agreement again
      </Button>
    </AgreementFrame>
  ) : (
    <AgreementFrame title="Checking your signature" version={version}>
      <Text>You have not started signing the agreement yet.</Text>
      <Button component={Link} to={WEB_PATHS.disclaimer}>
        Read the agreement
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
  return (
    <AgreementFrame title="Checking your signature" version={version}>
      <Alert color="yellow" variant="light" title="This is taking longer than usual" w="100%">
        Our e-signature partner has not confirmed your signature yet. If you left its page before signing, you can sign
        now.
      </Alert>
      <Group gap="md" wrap="wrap">
        <Button component={Link} to={WEB_PATHS.signAgreement}>
          Sign the agreement
        </Button>
        <Button variant="light" onClick={recheck} loading={busy}>
          Check again
        </Button>
      </Group>
    </AgreementFrame>
  )
}

import { type AgreementSection, customerAgreement } from '@exchange/shared/agreement'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Anchor, Button, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { useBrand } from '../../../lib/brand-context'
import { useCustomer } from '../../../lib/customer-context'
import { formatDateTime } from '../../../lib/format'
import { activeLocale } from '../../../lib/i18n/locale'
import { type AgreementPolling, useAgreementStatus } from '../api/agreement-api'
import { AgreementFrame } from './agreement-frame'
import { AgreementNotSigned, AgreementSigned, SignatureTakingLonger } from './return-agreement-outcomes'
import { useSignAgreement } from './use-sign-agreement'

/** The agreement in force, with the brand's company, in the language the app speaks (decision 131). */
function useAgreement() {
  return customerAgreement(useBrand().company, activeLocale().language)
}

function Sections({ sections, level }: { sections: AgreementSection[]; level: 2 | 3 }) {
  return (
    <Stack gap="md" w="100%">
      {sections.map((section) => (
        <Stack gap={6} key={section.heading} component="section" aria-label={section.heading}>
          <Title order={level} fz={level === 2 ? 'lg' : 'md'}>
            {section.heading}
          </Title>
          {section.paragraphs.map((paragraph) => (
            <Text key={paragraph} size="sm">
              {paragraph}
            </Text>
          ))}
        </Stack>
      ))}
    </Stack>
  )
}

/** Shown instead of the steps once the version in force is signed. */
function AlreadySigned({ signedAt }: { signedAt: string }) {
  return (
    <Alert color="teal" variant="light" w="100%">
      You signed this version on {formatDateTime(signedAt)}. You can download it under{' '}
      <Anchor component={Link} to={WEB_PATHS.account} fw={600}>
        Account
      </Anchor>
      .
    </Alert>
  )
}

function useSignedCurrent() {
  const status = useAgreementStatus(useBrand().brandName)
  const answer = status.data
  return answer && answer.result ? (answer.data.records.find((record) => record.current) ?? null) : null
}

/** /dashboard-disclaimer: the key terms of the agreement, before the full text. */
export function DisclaimerScreen({ notice }: { notice?: ReactNode }) {
  const agreement = useAgreement()
  const signed = useSignedCurrent()
  return (
    <AgreementFrame title="Before you buy: our agreement" version={agreement.version}>
      {notice}
      <Text>
        To buy from us, you sign our customer agreement once. These are its key terms; the next page has the full text.
      </Text>
      {signed ? <AlreadySigned signedAt={signed.signedAt} /> : null}
      <Sections sections={agreement.keyTerms} level={2} />
      <Button component={Link} to={WEB_PATHS.agreement} size="md">
        Read the full agreement
      </Button>
    </AgreementFrame>
  )
}

/** /dashboard-agr: the full agreement. */
export function AgreementScreen() {
  const agreement = useAgreement()
  return (
    <AgreementFrame title={agreement.title} version={agreement.version}>
      <Sections sections={agreement.sections} level={2} />
      <Group gap="md" wrap="wrap">
        <Button component={Link} to={WEB_PATHS.signAgreement} size="md">
          Continue to sign
        </Button>
        <Anchor component={Link} to={WEB_PATHS.disclaimer} fw={600} size="sm">
          Back to the key terms
        </Anchor>
      </Group>
    </AgreementFrame>
  )
}

/**
 * /dashboard-agr1: the confirmation, the name signed with (asked only when the customer's details have none), then
 * off to the e-signature partner's page (`startDocusign`), which sends the browser back to /dashboard-returnagr.
 */
export function ConfirmAgreementScreen() {
  const customer = useCustomer()
  const agreement = useAgreement()
  const detailsName = [customer.details.firstName, customer.details.lastName].filter(Boolean).join(' ').trim()
  const { typed, setTyped, nameError, error, leaving, sign, busy } = useSignAgreement(detailsName)

  return (
    <AgreementFrame title="Sign the agreement" version={agreement.version} sandbox={leaving?.sandbox ?? false}>
      <Text fw={600}>By signing you confirm:</Text>
      <Text>{agreement.confirmation}</Text>
      {detailsName ? (
        <Text size="sm">
          You sign as <strong>{detailsName}</strong>, the name in your details.
        </Text>
      ) : (
        <TextInput
          w="100%"
          maw={420}
          label="Your full name"
          description="As on your identity document. You type it again on the signing page."
          autoComplete="name"
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          error={nameError}
        />
      )}
      <Text size="sm" c="dimmed">
        You sign on the secure page of our e-signature partner, then you come back here. A copy of the signed agreement
        is kept in your account.
      </Text>
      {error ? <FormAlert message={error} /> : null}
      {leaving ? (
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text size="sm">
            Taking you to the signing page…{' '}
            <Anchor href={leaving.url} fw={600}>
              Continue
            </Anchor>
          </Text>
        </Group>
      ) : null}
      <Group gap="md" wrap="wrap">
        <Button onClick={sign} loading={busy} size="md">
          Go to signing
        </Button>
        <Anchor component={Link} to={WEB_PATHS.agreement} fw={600} size="sm">
          Back to the agreement
        </Anchor>
      </Group>
    </AgreementFrame>
  )
}

/** Spec-free choice, as on the identity return page: ask every 2 seconds, stop after two minutes. */
const RETURN_AGREEMENT_POLLING: AgreementPolling = { intervalMs: 2000, giveUpMs: 120_000 }

/**
 * /dashboard-returnagr: the e-signature partner sends the browser back here. The redirect proves nothing: the screen
 * reads the stored status (`agreementStatus`) and asks again while the partner's notice is on its way.
 */
export function ReturnAgreementScreen({
  polling = RETURN_AGREEMENT_POLLING,
  onContinue,
}: {
  polling?: AgreementPolling
  /** Back to where the customer was (the calculator keeps their order); false when there is nowhere to go. */
  onContinue: () => Promise<boolean>
}) {
  const brand = useBrand()
  const status = useAgreementStatus(brand.brandName, polling)
  const answer = status.data
  const data = answer && answer.result ? answer.data : null

  if (status.isError || answer === false || (answer && !answer.result)) {
    return (
      <AgreementFrame title="Checking your signature">
        <FormAlert message={ALERT_MESSAGES.somethingWentWrong} />
        <Button variant="light" onClick={() => void status.refetch()} loading={status.isFetching}>
          Try again
        </Button>
      </AgreementFrame>
    )
  }
  if (!data) {
    return (
      <AgreementFrame title="Checking your signature">
        <Loader aria-label="Loading" />
      </AgreementFrame>
    )
  }
  const current = data.records.find((record) => record.current)
  if (current) return <AgreementSigned current={current} version={data.version} onContinue={onContinue} />
  if (data.latest?.status === 'declined' || !data.latest)
    return <AgreementNotSigned declined={data.latest !== null} version={data.version} />
  if (status.gaveUp)
    return (
      <SignatureTakingLonger version={data.version} recheck={() => void status.refetch()} busy={status.isFetching} />
    )
  return (
    <AgreementFrame title="Checking your signature" version={data.version}>
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" />
        <Text>We are waiting for our e-signature partner to confirm your signature.</Text>
      </Group>
      <Text size="sm" c="dimmed">
        You can stay on this page: it moves on by itself.
      </Text>
    </AgreementFrame>
  )
}

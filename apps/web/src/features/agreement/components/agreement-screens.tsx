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
import { useCatalog } from '../../../lib/i18n/catalog'
import { activeLocale } from '../../../lib/i18n/locale'
import { RichText } from '../../../lib/i18n/rich-text'
import { localizeCopy } from '../../../lib/common-copy'
import { type AgreementPolling, useAgreementStatus } from '../api/agreement-api'
import { agreementCatalog } from '../messages'
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
      <RichText
        catalog={agreementCatalog}
        id="agreement.alreadySigned"
        values={{ date: formatDateTime(signedAt) }}
        parts={[<Anchor component={Link} to={WEB_PATHS.account} fw={600} />]}
      />
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
  const t = useCatalog(agreementCatalog)
  const agreement = useAgreement()
  const signed = useSignedCurrent()
  return (
    <AgreementFrame title={t('agreement.disclaimer.title')} version={agreement.version}>
      {notice}
      <Text>{t('agreement.disclaimer.lead')}</Text>
      {signed ? <AlreadySigned signedAt={signed.signedAt} /> : null}
      <Sections sections={agreement.keyTerms} level={2} />
      <Button component={Link} to={WEB_PATHS.agreement} size="md">
        {t('agreement.disclaimer.readFull')}
      </Button>
    </AgreementFrame>
  )
}

/** /dashboard-agr: the full agreement. */
export function AgreementScreen() {
  const t = useCatalog(agreementCatalog)
  const agreement = useAgreement()
  return (
    <AgreementFrame title={agreement.title} version={agreement.version}>
      <Sections sections={agreement.sections} level={2} />
      <Group gap="md" wrap="wrap">
        <Button component={Link} to={WEB_PATHS.signAgreement} size="md">
          {t('agreement.full.continue')}
        </Button>
        <Anchor component={Link} to={WEB_PATHS.disclaimer} fw={600} size="sm">
          {t('agreement.full.back')}
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
  const t = useCatalog(agreementCatalog)
  const customer = useCustomer()
  const agreement = useAgreement()
  const detailsName = [customer.details.firstName, customer.details.lastName].filter(Boolean).join(' ').trim()
  const { typed, setTyped, nameError, error, leaving, sign, busy } = useSignAgreement(detailsName)

  return (
    <AgreementFrame title={t('agreement.sign.title')} version={agreement.version} sandbox={leaving?.sandbox ?? false}>
      <Text fw={600}>{t('agreement.sign.confirm')}</Text>
      <Text>{agreement.confirmation}</Text>
      {detailsName ? (
        <Text size="sm">
          <RichText
            catalog={agreementCatalog}
            id="agreement.sign.signAs"
            values={{ name: detailsName }}
            parts={[<strong />]}
          />
        </Text>
      ) : (
        <TextInput
          w="100%"
          maw={420}
          label={t('agreement.sign.nameLabel')}
          description={t('agreement.sign.nameDescription')}
          autoComplete="name"
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          error={nameError}
        />
      )}
      <Text size="sm" c="dimmed">
        {t('agreement.sign.partnerNote')}
      </Text>
      {error ? <FormAlert message={error} /> : null}
      {leaving ? (
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text size="sm">
            {t('agreement.sign.leaving')}{' '}
            <Anchor href={leaving.url} fw={600}>
              {t('agreement.sign.continue')}
            </Anchor>
          </Text>
        </Group>
      ) : null}
      <Group gap="md" wrap="wrap">
        <Button onClick={sign} loading={busy} size="md">
          {t('agreement.sign.submit')}
        </Button>
        <Anchor component={Link} to={WEB_PATHS.agreement} fw={600} size="sm">
          {t('agreement.sign.back')}
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
  const t = useCatalog(agreementCatalog)
  const brand = useBrand()
  const status = useAgreementStatus(brand.brandName, polling)
  const answer = status.data
  const data = answer && answer.result ? answer.data : null

  if (status.isError || answer === false || (answer && !answer.result)) {
    return (
      <AgreementFrame title={t('agreement.return.checking')}>
        <FormAlert message={localizeCopy(ALERT_MESSAGES.somethingWentWrong)} />
        <Button variant="light" onClick={() => void status.refetch()} loading={status.isFetching}>
          {t('agreement.return.tryAgain')}
        </Button>
      </AgreementFrame>
    )
  }
  if (!data) {
    return (
      <AgreementFrame title={t('agreement.return.checking')}>
        <Loader aria-label={t('agreement.return.loading')} />
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
    <AgreementFrame title={t('agreement.return.checking')} version={data.version}>
      <Group gap="sm" role="status" aria-live="polite">
        <Loader size="sm" />
        <Text>{t('agreement.return.waiting')}</Text>
      </Group>
      <Text size="sm" c="dimmed">
        {t('agreement.return.stay')}
      </Text>
    </AgreementFrame>
  )
}

import * as PARTNER_PATHS from '@exchange/shared/partner-web-paths'
import { ALERT_MS, CODE_LENGTH, CODE_RESEND_COOLDOWN_SECONDS } from '@exchange/shared/constants'
import { ALERT_MESSAGES, VALIDATION_MESSAGES } from '@exchange/shared/messages'
import {
  MpLoginRequest,
  MpNewPassword,
  PartnerEntry,
  PartnerLinkToken,
  PartnerSlug,
  type MpLoginAnswer,
} from '@exchange/shared/partner.schemas'
import { VerificationCode } from '@exchange/shared/validators'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import {
  AuthCard,
  Button,
  CheckboxField,
  FormAlert,
  PageSpinner,
  PasswordField,
  Spinner,
} from '../../../components/account/ui'
import { alertCopyFor } from '../../../lib/alert-copy'
import { useBrand, useBrandPayload } from '../../../lib/brand-context'
import { partnerNameOf, signInPartnerVisit, startPartnerVisit, type PartnerVisit } from '../../../lib/partner-visit'
import { useFormFields } from '../../../lib/use-form-fields'
import { useTimedAlert } from '../../../lib/use-timed-alert'
import { firstError } from '../../../lib/validation'
import { claimPartnerLink, useMpLogin } from '../api/mp-login'
import { useResendCode } from '../api/resend-code'
import { CodeInput } from './code-input'
import {
  isPartnerRefusal,
  PartnerRefusalScreen,
  type PartnerRefusal,
} from '../../../components/account/partner-refusal'
import { askForAnotherCode, CodeScreenFoot, useNextCode } from './resend-code-link'
import { useCatalog } from '../../../lib/i18n/catalog'
import { adoptLanguage } from '../../../lib/i18n/account-language'
import { RichText } from '../../../lib/i18n/rich-text'
import { commonCatalog } from '../../../lib/common-copy'
import { authCatalog } from '../messages'
import { TermsConsent } from './signup-form'

type Failure = Extract<MpLoginAnswer, { result: false }>

/** `/mp?partner=…&token=…`: claims the link once, then the address loses its token and the sign-in begins. */
export function PartnerClaim({ partner, token }: { partner: string; token: string }) {
  const brandPayload = useBrandPayload()
  const navigate = useNavigate()
  const wellFormed = PartnerSlug.safeParse(partner).success && PartnerLinkToken.safeParse(token).success
  const [refusal, setRefusal] = useState<PartnerRefusal | null>(wellFormed ? null : 'mp_link_unknown')
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (!wellFormed) return
    let current = true
    claimPartnerLink({ step: 'claim', partner, token, ...brandPayload }).then(
      (answer) => {
        if (!current) return
        if (!answer.result) return setRefusal(isPartnerRefusal(answer.error) ? answer.error : 'mp_link_unknown')
        if (!('data' in answer) || !('entry' in answer.data)) return setFailed(true)
        const { entry, email, known, partner: face } = answer.data
        startPartnerVisit({ entry, email, known, partner: face })
        // The language the partner named for the visit, unless this browser chose one (decision 131).
        if ('language' in answer.data && answer.data.language) void adoptLanguage(answer.data.language)
        // The token has done its work: it leaves the address (and the tab's history) at once.
        void navigate(PARTNER_PATHS.partnerHome, { replace: true })
      },
      () => current && setFailed(true),
    )
    return () => {
      current = false
    }
  }, [wellFormed, partner, token, brandPayload, navigate])

  if (refusal) return <PartnerRefusalScreen refusal={refusal} />
  if (failed)
    return (
      <AuthCard title={authCatalog.t('auth.partner.failedTitle')}>
        <FormAlert message={authCatalog.t('auth.partner.failedReload')} />
      </AuthCard>
    )
  return <PageSpinner label={authCatalog.t('auth.partner.opening')} />
}

/** A refusal of a sign-in step: the visit's own screen, or the step's alert. */
/**
 * What a customer with two-factor sign-in on is told in a partner's visit: the visit cannot ask for the second step yet
 * (decision 124), so the way on is the exchange's own login, where it is asked.
 */
function secondFactorNotInVisit(brandName: string): string {
  return authCatalog.t('auth.partner.secondFactor', { brand: brandName })
}

function useStepFailure(alert: ReturnType<typeof useTimedAlert>, fallback: string) {
  const [refusal, setRefusal] = useState<PartnerRefusal | null>(null)
  const fail = (answer: Failure) =>
    isPartnerRefusal(answer.error) ? setRefusal(answer.error) : alert.show(alertCopyFor(answer, fallback))
  return { refusal, fail }
}

/** The e-mail the partner sent, shown as it is: the visit is for this address and no other. */
function VisitEmail({ email }: { email: string }) {
  return (
    <div className="ac-field">
      <span className="ac-label">{authCatalog.t('auth.partner.email')}</span>
      <p className="ac-strong" data-testid="partner-email">
        {email}
      </p>
    </div>
  )
}

/** A known customer's password is only checked for presence, as at /login (the `password` step's own rule). */
const KNOWN_PASSWORD = MpLoginRequest.options[1].shape.password

const passwordRules = {
  known: { password: (value: string) => firstError(KNOWN_PASSWORD, value), terms: () => undefined },
  new: {
    password: (value: string) => firstError(MpNewPassword, value),
    terms: (value: boolean) => (value ? undefined : VALIDATION_MESSAGES.termsRequired),
  },
}

/** Known customer: their password. New customer: the password they choose, with /signup's rules and hints. */
function PartnerPasswordStep({ visit, onCode }: { visit: PartnerVisit; onCode: (nextCodeAt: number) => void }) {
  const t = useCatalog(authCatalog)
  const brand = useBrand()
  const brandPayload = useBrandPayload()
  const navigate = useNavigate()
  const login = useMpLogin()
  const alert = useTimedAlert(ALERT_MS.login)
  const form = useFormFields({ password: '', terms: false }, passwordRules[visit.known ? 'known' : 'new'])
  const { refusal, fail } = useStepFailure(alert, ALERT_MESSAGES.checkDetails)
  const name = partnerNameOf(visit.partner)
  if (refusal) return <PartnerRefusalScreen refusal={refusal} />

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    alert.clear()
    if (!form.validate()) return
    login.mutate(
      { step: 'password', entry: PartnerEntry.parse(visit.entry), password: form.values.password, ...brandPayload },
      {
        onSuccess: (answer) => {
          if (!answer.result) return fail(answer)
          if ('code' in answer && answer.code === true)
            return onCode(Date.now() + (answer.retryAfterSeconds ?? CODE_RESEND_COOLDOWN_SECONDS) * 1000)
          if ('secondFactor' in answer) return alert.show(secondFactorNotInVisit(brand.brandName))
          if ('data' in answer && 'token' in answer.data) {
            signInPartnerVisit(answer.data.token)
            void navigate(PARTNER_PATHS.partnerCheckout, { replace: true })
          }
        },
        onError: () => alert.show(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  return (
    <AuthCard
      title={visit.known ? t('auth.done.notChangedTitle') : t('auth.partner.choosePassword')}
      description={t('auth.partner.sentYou', { partner: name, brand: brand.brandName })}
    >
      <form
        onSubmit={handleSubmit}
        noValidate
        aria-label={visit.known ? commonCatalog.t('common.login.form') : t('auth.partner.createAccount')}
        className="ac-stack"
      >
        <VisitEmail email={visit.email} />
        <PasswordField
          label={visit.known ? commonCatalog.t('common.password.label') : t('auth.partner.choosePassword')}
          autoComplete={visit.known ? 'current-password' : 'new-password'}
          placeholder={
            visit.known ? commonCatalog.t('common.password.placeholder') : t('auth.signup.passwordPlaceholder')
          }
          {...form.textField('password')}
        />
        {visit.known ? null : (
          <CheckboxField
            checked={form.values.terms}
            onChange={(event) => form.setField('terms', event.currentTarget.checked)}
            error={form.errors.terms}
            label={<TermsConsent termsUrl={brand.termsUrl} privacyUrl={brand.privacyUrl} />}
          />
        )}
        <FormAlert message={alert.message} />
        <Button type="submit" loading={login.isPending}>
          {visit.known ? commonCatalog.t('common.login.submit') : t('auth.signup.submit')}
        </Button>
      </form>
    </AuthCard>
  )
}

/** The e-mailed five-digit code, checked as soon as all digits are in; then signed in, on to the partner's order. */
function PartnerCodeStep({ visit, nextCodeAt }: { visit: PartnerVisit; nextCodeAt: number }) {
  const t = useCatalog(authCatalog)
  const { brandName, companyDetails } = useBrandPayload()
  const navigate = useNavigate()
  const [code, setCode] = useState('')
  const nextCode = useNextCode(nextCodeAt)
  const firstDigit = useRef<HTMLInputElement>(null)
  const verify = useMpLogin()
  const resend = useResendCode()
  const alert = useTimedAlert(ALERT_MS.code)
  const { refusal, fail } = useStepFailure(alert, ALERT_MESSAGES.checkCode)
  if (refusal) return <PartnerRefusalScreen refusal={refusal} />
  const { email } = visit

  function handleChange(value: string) {
    setCode(value)
    if (!VerificationCode.safeParse(value).success || verify.isPending) return
    alert.clear()
    const rejectCode = (show: () => void) => {
      setCode('')
      show()
      firstDigit.current?.focus()
    }
    verify.mutate(
      { step: 'code', entry: PartnerEntry.parse(visit.entry), code: value, brandName, companyDetails },
      {
        onSuccess: (answer) => {
          if (!answer.result) {
            if (answer.retryAfterSeconds !== undefined) nextCode.markWait(answer.retryAfterSeconds)
            return rejectCode(() => fail(answer))
          }
          if ('secondFactor' in answer) return alert.show(secondFactorNotInVisit(brandName))
          if (!('data' in answer) || !('token' in answer.data))
            return rejectCode(() => alert.show(ALERT_MESSAGES.somethingWentWrong))
          signInPartnerVisit(answer.data.token)
          void navigate(PARTNER_PATHS.partnerCheckout, { replace: true })
        },
        onError: () => rejectCode(() => alert.show(ALERT_MESSAGES.somethingWentWrong)),
      },
    )
  }

  return (
    <AuthCard
      title={t('auth.code.title')}
      description={
        <RichText
          catalog={authCatalog}
          id="auth.code.lead"
          values={{ length: CODE_LENGTH, email }}
          parts={[<strong className="ac-strong" />]}
        />
      }
    >
      <CodeInput
        label={t('auth.code.label')}
        value={code}
        onChange={handleChange}
        readOnly={verify.isPending}
        inputRef={firstDigit}
      />
      <div className="ac-code-status">{verify.isPending ? <Spinner label={t('auth.code.checking')} /> : null}</div>
      <FormAlert message={alert.message} />
      <CodeScreenFoot
        nextCode={nextCode}
        pending={resend.isPending}
        onResend={() => askForAnotherCode(resend.mutate, { email, brandName, companyDetails }, nextCode, alert)}
      />
    </AuthCard>
  )
}

/** `/mp` with a claimed visit and no session yet: the password step, then the code step. */
export function PartnerSignIn({ visit }: { visit: PartnerVisit }) {
  const [nextCodeAt, setNextCodeAt] = useState<number | null>(null)
  if (nextCodeAt === null) return <PartnerPasswordStep visit={visit} onCode={setNextCodeAt} />
  return <PartnerCodeStep visit={visit} nextCodeAt={nextCodeAt} />
}

import type { SecondFactorStep } from '@exchange/shared/accounts.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { checkEmail, checkLoginPassword, type RuleResult } from '@exchange/shared/account-rules'
import { ALERT_MS, CODE_RESEND_COOLDOWN_SECONDS } from '@exchange/shared/constants'
import { ALERT_MESSAGES, VALIDATION_MESSAGES } from '@exchange/shared/messages'
import { type FormEvent, lazy, Suspense, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import {
  AuthCard,
  Button,
  EmailField,
  FormAlert,
  PasswordField,
  TextButton,
  TextField,
} from '../../../components/account/ui'
import { takeAfterLogin } from '../../../lib/after-login'
import { alertCopyFor } from '../../../lib/alert-copy'
import { useBrand, useBrandPayload } from '../../../lib/brand-context'
import { saveJwtCookie } from '../../../lib/cookies'
import { updateSessionState } from '../../../lib/session-state'
import { useFormFields } from '../../../lib/use-form-fields'
import { useTimedAlert } from '../../../lib/use-timed-alert'
import { ruleMessage } from '../../../lib/validation'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { commonCatalog } from '../../../lib/common-copy'
import { useLogIn } from '../api/log-in'
import { useStartPasswordReset } from '../api/start-password-reset'

const initialValues = { email: '', password: '' }

/** The second step of two-factor sign-in (decision 124): a chunk of its own, loaded when the password step asks for it. */
const SecondFactorLogin = lazy(() =>
  import('./second-factor-login').then((module) => ({ default: module.SecondFactorLogin })),
)
/** Loaded on demand, from the same chunk: the passkey sign-in (decision 124). */
const loadSecondFactor = () => import('./second-factor-login')

/** When the code screen may ask for another code, from the answer that sent the customer there. */
const nextCodeAt = (retryAfterSeconds: number | undefined) =>
  Date.now() + (retryAfterSeconds ?? CODE_RESEND_COOLDOWN_SECONDS) * 1000

/** The address a reset code goes to, or why there is none ("Forgot password?" needs the e-mail typed in first). */
const checkForgotEmail = (typed: string): RuleResult =>
  typed.trim() === '' ? { ok: false, message: VALIDATION_MESSAGES.forgotEmailRequired } : checkEmail(typed)

type SecondFactorAnswer = { secondFactor?: SecondFactorStep }

const validators = {
  email: (value: string) => ruleMessage(checkEmail(value)),
  // Logging in only needs a password; the length rule is for choosing one.
  password: (value: string) => ruleMessage(checkLoginPassword(value)),
}

/** Under the form, for a visitor without an account. */
function SignUpLink() {
  return (
    <p className="ac-dimmed ac-small ac-centred">
      <RichText
        catalog={commonCatalog}
        id="common.login.newHere"
        parts={[<Link to={WEB_PATHS.signup} className="ac-link" />]}
      />
    </p>
  )
}

/** /login: the password, then, with two-factor sign-in on, the second step (decision 124). */
export function LoginForm() {
  // The second step: from the password's answer, or handed over by /code after a new device's code.
  const [step, setStep] = useState(useLocation().state as SecondFactorAnswer | null)
  if (!step?.secondFactor) return <PasswordStep onSecondFactor={setStep} />
  return (
    <Suspense fallback={null}>
      <SecondFactorLogin
        step={step.secondFactor}
        onRestart={() => setStep(null)}
        ui={{ AuthCard, Button, FormAlert, TextButton, TextField }}
      />
    </Suspense>
  )
}

/** Signs in with a passkey alone (decision 124), its code loaded when the customer asks for it. */
function signInWithPasskey(
  brand: { brandName: string; cookieLifetimeHours: number },
  onFailure: (message: string) => void,
) {
  return loadSecondFactor()
    .then((module) => module.signInWithPasskey(brand.brandName))
    .then((token) => {
      if (!token.ok) return onFailure(token.message)
      saveJwtCookie(token.token, brand.cookieLifetimeHours)
      return takeAfterLogin()
    })
}

/** "Forgot password?": a reset code to the e-mail typed in, then the reset screen. */
function useForgotPassword(
  form: ReturnType<typeof useFormFields<typeof initialValues>>,
  alert: ReturnType<typeof useTimedAlert>,
) {
  const brandPayload = useBrandPayload()
  const navigate = useNavigate()
  const startReset = useStartPasswordReset()
  function handleForgotPassword() {
    alert.clear()
    const checked = checkForgotEmail(form.values.email)
    if (!checked.ok) {
      form.setError('email', checked.message)
      return
    }
    const email = checked.value
    startReset.mutate(
      { email, ...brandPayload },
      {
        onSuccess: (answer) => {
          if (!answer.result) return alert.show(alertCopyFor(answer, ALERT_MESSAGES.somethingWentWrong))
          updateSessionState({ username: email, nextCodeAt: nextCodeAt(answer.retryAfterSeconds) })
          void navigate(WEB_PATHS.resetPassword)
        },
        onError: () => alert.show(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  return { startReset, handleForgotPassword }
}

function PasswordStep({ onSecondFactor }: { onSecondFactor: (answer: SecondFactorAnswer) => void }) {
  const t = useCatalog(commonCatalog)
  const brand = useBrand()
  const brandPayload = useBrandPayload()
  const navigate = useNavigate()
  const logIn = useLogIn()
  const alert = useTimedAlert(ALERT_MS.login)
  const form = useFormFields(initialValues, validators)
  const { startReset, handleForgotPassword } = useForgotPassword(form, alert)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    alert.clear()
    const checked = checkEmail(form.values.email)
    if (!form.validate() || !checked.ok) return
    const email = checked.value
    logIn.mutate(
      { email, password: form.values.password, ...brandPayload },
      {
        onSuccess: (answer) => {
          if (!answer.result) alert.show(alertCopyFor(answer, ALERT_MESSAGES.checkDetails))
          else if ('secondFactor' in answer) onSecondFactor(answer)
          else if (answer.code === true) {
            updateSessionState({ username: email, nextCodeAt: nextCodeAt(answer.retryAfterSeconds) })
            void navigate(WEB_PATHS.code)
          } else {
            updateSessionState({ username: email })
            saveJwtCookie(answer.data.token, brand.cookieLifetimeHours)
            void navigate(takeAfterLogin())
          }
        },
        onError: () => alert.show(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  function handlePasskey() {
    alert.clear()
    void signInWithPasskey(brand, alert.show).then((to) => to && navigate(to))
  }

  return (
    <AuthCard title={t('common.login.title')} description={t('common.login.welcomeBack', { brand: brand.brandName })}>
      <form onSubmit={handleSubmit} noValidate aria-label={t('common.login.form')} className="ac-stack">
        <EmailField autoComplete="username" {...form.textField('email')} />
        <PasswordField
          label={t('common.password.label')}
          autoComplete="current-password"
          placeholder={t('common.password.placeholder')}
          {...form.textField('password')}
        />
        <div className="ac-end">
          <TextButton onClick={handleForgotPassword} disabled={startReset.isPending}>
            {t('common.login.forgot')}
          </TextButton>
        </div>
        <FormAlert message={alert.message} />
        <Button type="submit" loading={logIn.isPending}>
          {t('common.login.submit')}
        </Button>
        <Button type="button" onClick={handlePasskey} variant="default">
          {t('common.login.passkey')}
        </Button>
        <SignUpLink />
      </form>
    </AuthCard>
  )
}

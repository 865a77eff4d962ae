import * as WEB_PATHS from '@exchange/shared/web-paths'
import { checkNewPassword, isVerificationCode } from '@exchange/shared/account-rules'
import { ALERT_MS, CODE_LENGTH, RESET_CODE_TO_PASSWORD_DELAY_MS } from '@exchange/shared/constants'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { useEffect, useRef, useState } from 'react'
import { Navigate } from 'react-router'
import { AuthCard, FormAlert, Spinner } from '../../../components/account/ui'
import { alertCopyFor } from '../../../lib/alert-copy'
import { useBrandPayload } from '../../../lib/brand-context'
import { getSessionState } from '../../../lib/session-state'
import { useFormFields } from '../../../lib/use-form-fields'
import { useTimedAlert } from '../../../lib/use-timed-alert'
import { ruleMessage } from '../../../lib/validation'
import { useCheckResetCode } from '../api/check-reset-code'
import { useStartPasswordReset } from '../api/start-password-reset'
import { CodeInput } from './code-input'
import { NewPasswordForm } from './new-password-form'
import { askForAnotherCode, CodeScreenFoot, useNextCode } from './resend-code-link'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { authCatalog } from '../messages'

type Step = 'code' | 'accepted' | 'password'

const passwordValidators = { password: (value: string) => ruleMessage(checkNewPassword(value)) }

/** Where the reset stands; an accepted code stays on screen for a moment so the customer sees it was right. */
function useResetStep() {
  const [step, setStep] = useState<Step>('code')
  useEffect(() => {
    if (step !== 'accepted') return
    const timer = setTimeout(() => setStep('password'), RESET_CODE_TO_PASSWORD_DELAY_MS)
    return () => clearTimeout(timer)
  }, [step])
  return [step, setStep] as const
}

/** /resetpass: the e-mailed reset code, then a new password. */
export function ResetPasswordScreen() {
  const t = useCatalog(authCatalog)
  const { brandName, companyDetails } = useBrandPayload()
  const [username] = useState(() => getSessionState().username)
  const [step, setStep] = useResetStep()
  const [code, setCode] = useState('')
  const nextCode = useNextCode(getSessionState().nextCodeAt)
  const firstDigit = useRef<HTMLInputElement>(null)
  const checkCode = useCheckResetCode()
  const resend = useStartPasswordReset()
  const alert = useTimedAlert(ALERT_MS.reset)
  const form = useFormFields({ password: '' }, passwordValidators)

  if (!username) return <Navigate to={WEB_PATHS.login} replace />
  const email = username

  function rejectCode(message: string) {
    setStep('code')
    setCode('')
    alert.show(message)
    firstDigit.current?.focus()
  }

  function handleCodeChange(value: string) {
    setCode(value)
    if (!isVerificationCode(value) || checkCode.isPending) return
    alert.clear()
    checkCode.mutate(
      { email, code: value, brandName },
      {
        onSuccess: (answer) => {
          if (answer.result) setStep('accepted')
          else rejectCode(alertCopyFor(answer, ALERT_MESSAGES.wrongResetCode))
        },
        onError: () => rejectCode(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  if (step === 'password') {
    return <NewPasswordForm email={email} code={code} form={form} alert={alert} onCodeRejected={rejectCode} />
  }

  return (
    <AuthCard
      title={t('auth.reset.title')}
      description={
        <RichText
          catalog={authCatalog}
          id="auth.reset.lead"
          values={{ length: CODE_LENGTH, email }}
          parts={[<strong className="ac-strong" />]}
        />
      }
    >
      <CodeInput
        label={t('auth.reset.codeLabel')}
        value={code}
        onChange={handleCodeChange}
        readOnly={checkCode.isPending || step === 'accepted'}
        success={step === 'accepted'}
        inputRef={firstDigit}
      />
      <div className="ac-code-status">
        {checkCode.isPending ? <Spinner label={t('auth.code.checking')} /> : null}
        {step === 'accepted' ? (
          <p className="ac-success" role="status">
            {t('auth.reset.accepted')}
          </p>
        ) : null}
      </div>
      <FormAlert message={alert.message} />
      <CodeScreenFoot
        nextCode={nextCode}
        pending={resend.isPending}
        onResend={() => askForAnotherCode(resend.mutate, { email, brandName, companyDetails }, nextCode, alert)}
      />
    </AuthCard>
  )
}

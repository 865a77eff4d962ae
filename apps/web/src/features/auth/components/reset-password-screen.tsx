import type { ErrorCode } from '@exchange/shared/errors'
import { checkNewPassword, isVerificationCode } from '@exchange/shared/account-rules'
import { ALERT_MS, CODE_LENGTH, RESET_CODE_TO_PASSWORD_DELAY_MS } from '@exchange/shared/constants'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { AuthCard, Button, FormAlert, PasswordField, Spinner } from '../../../components/account/ui'
import { alertCopyFor } from '../../../lib/alert-copy'
import { useBrandPayload } from '../../../lib/brand-context'
import { getSessionState } from '../../../lib/session-state'
import { useFormFields } from '../../../lib/use-form-fields'
import { useTimedAlert } from '../../../lib/use-timed-alert'
import { ruleMessage } from '../../../lib/validation'
import { useCheckResetCode } from '../api/check-reset-code'
import { useCompletePasswordReset } from '../api/complete-password-reset'
import { useStartPasswordReset } from '../api/start-password-reset'
import { CodeInput } from './code-input'
import { CodeScreenFoot, useNextCode } from './resend-code-link'

const CODE_ERRORS: readonly ErrorCode[] = ['code_invalid', 'code_expired', 'code_attempts_exceeded']

type Step = 'code' | 'accepted' | 'password'

const passwordValidators = { password: (value: string) => ruleMessage(checkNewPassword(value)) }

/** /resetpass: the e-mailed reset code, then a new password. */
export function ResetPasswordScreen() {
  const { brandName, companyDetails } = useBrandPayload()
  const navigate = useNavigate()
  const [username] = useState(() => getSessionState().username)
  const [step, setStep] = useState<Step>('code')
  const [code, setCode] = useState('')
  const nextCode = useNextCode(getSessionState().nextCodeAt)
  const firstDigit = useRef<HTMLInputElement>(null)
  const checkCode = useCheckResetCode()
  const complete = useCompletePasswordReset()
  const resend = useStartPasswordReset()
  const alert = useTimedAlert(ALERT_MS.reset)
  const form = useFormFields({ password: '' }, passwordValidators)

  // The accepted code stays on screen for a moment so the customer sees it was right.
  useEffect(() => {
    if (step !== 'accepted') return
    const timer = setTimeout(() => setStep('password'), RESET_CODE_TO_PASSWORD_DELAY_MS)
    return () => clearTimeout(timer)
  }, [step])

  if (!username) return <Navigate to="/login" replace />
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

  function handleResend() {
    alert.clear()
    resend.mutate(
      { email, brandName, companyDetails },
      {
        onSuccess: (answer) => {
          if (answer.result) {
            nextCode.markSent(answer.retryAfterSeconds)
            return
          }
          alert.show(alertCopyFor(answer, ALERT_MESSAGES.somethingWentWrong))
          if (answer.retryAfterSeconds !== undefined) nextCode.markWait(answer.retryAfterSeconds)
        },
        onError: () => alert.show(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  function handlePasswordSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    alert.clear()
    if (!form.validate()) return
    complete.mutate(
      { email, code, password: form.values.password, brandName, companyDetails },
      {
        onSuccess: (answer) => {
          if (answer.result) {
            void navigate('/redirect')
            return
          }
          // The code may have expired while the new password was being chosen: ask for a fresh one.
          if (CODE_ERRORS.includes(answer.error)) rejectCode(ALERT_MESSAGES.wrongResetCode)
          else alert.show(alertCopyFor(answer, ALERT_MESSAGES.somethingWentWrong))
        },
        onError: () => alert.show(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  if (step === 'password') {
    return (
      <AuthCard title="Choose a new password" description={`For ${email}. Use at least 6 characters.`}>
        <form onSubmit={handlePasswordSubmit} noValidate className="ac-stack">
          <PasswordField
            label="New password"
            autoComplete="new-password"
            // The new password is all this step asks for: the field has the focus when it appears.
            autoFocus
            {...form.textField('password')}
          />
          <FormAlert message={alert.message} />
          <Button type="submit" loading={complete.isPending}>
            Set new password
          </Button>
        </form>
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title="Reset your password"
      description={
        <>
          We sent a {CODE_LENGTH}-digit code to <strong className="ac-strong">{email}</strong>. Enter it below.
        </>
      }
    >
      <CodeInput
        label="Reset code"
        value={code}
        onChange={handleCodeChange}
        readOnly={checkCode.isPending || step === 'accepted'}
        success={step === 'accepted'}
        inputRef={firstDigit}
      />
      <div className="ac-code-status">
        {checkCode.isPending ? <Spinner label="Checking code" /> : null}
        {step === 'accepted' ? (
          <p className="ac-success" role="status">
            Code accepted
          </p>
        ) : null}
      </div>
      <FormAlert message={alert.message} />
      <CodeScreenFoot sent={nextCode.sent} at={nextCode.at} pending={resend.isPending} onResend={handleResend} />
    </AuthCard>
  )
}

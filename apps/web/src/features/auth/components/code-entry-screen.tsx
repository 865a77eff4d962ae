import * as WEB_PATHS from '@exchange/shared/web-paths'
import { isVerificationCode } from '@exchange/shared/account-rules'
import { ALERT_MS, CODE_LENGTH } from '@exchange/shared/constants'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { useRef, useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { AuthCard, FormAlert, Spinner } from '../../../components/account/ui'
import { takeAfterLogin } from '../../../lib/after-login'
import { alertCopyFor } from '../../../lib/alert-copy'
import { useBrand, useBrandPayload } from '../../../lib/brand-context'
import { saveJwtCookie } from '../../../lib/cookies'
import { getSessionState } from '../../../lib/session-state'
import { useTimedAlert } from '../../../lib/use-timed-alert'
import { useResendCode } from '../api/resend-code'
import { useVerifyCode } from '../api/verify-code'
import { CodeInput } from './code-input'
import { askForAnotherCode, CodeScreenFoot, useNextCode } from './resend-code-link'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { authCatalog } from '../messages'

/** /code: the e-mailed verification code, checked as soon as all five digits are in. */
export function CodeEntryScreen() {
  const t = useCatalog(authCatalog)
  const brand = useBrand()
  const { brandName, companyDetails } = useBrandPayload()
  const navigate = useNavigate()
  const [username] = useState(() => getSessionState().username)
  const [code, setCode] = useState('')
  const nextCode = useNextCode(getSessionState().nextCodeAt)
  const firstDigit = useRef<HTMLInputElement>(null)
  const verify = useVerifyCode()
  const resend = useResendCode()
  const alert = useTimedAlert(ALERT_MS.code)

  if (!username) return <Navigate to={WEB_PATHS.login} replace />
  const email = username

  function rejectCode(message: string) {
    setCode('')
    alert.show(message)
    firstDigit.current?.focus()
  }

  function handleChange(value: string) {
    setCode(value)
    if (!isVerificationCode(value) || verify.isPending) return
    alert.clear()
    verify.mutate(
      { email, code: value, brandName },
      {
        onSuccess: (answer) => {
          if (!answer.result) {
            rejectCode(alertCopyFor(answer, ALERT_MESSAGES.checkCode))
            if (answer.retryAfterSeconds !== undefined) nextCode.markWait(answer.retryAfterSeconds)
            return
          }
          // Two-factor sign-in on: the login page asks for the second factor (decision 124).
          if ('secondFactor' in answer) return void navigate(WEB_PATHS.login, { state: answer })
          saveJwtCookie(answer.data.token, brand.cookieLifetimeHours)
          void navigate(takeAfterLogin())
        },
        onError: () => rejectCode(ALERT_MESSAGES.somethingWentWrong),
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

import { ALERT_MS, CODE_LENGTH } from '@exchange/shared/constants'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { VerificationCode } from '@exchange/shared/validators'
import { Anchor, Center, Loader, Stack, Text } from '@mantine/core'
import { useRef, useState, type Ref } from 'react'
import { Link, Navigate, useNavigate } from 'react-router'
import { AuthCard } from '../../../components/ui/auth-card'
import { FormAlert } from '../../../components/ui/form-alert'
import { takeAfterLogin } from '../../../lib/after-login'
import { alertCopyFor } from '../../../lib/alert-copy'
import { useBrand, useBrandPayload } from '../../../lib/brand-context'
import { saveJwtCookie } from '../../../lib/cookies'
import { getSessionState } from '../../../lib/session-state'
import { useTimedAlert } from '../../../lib/use-timed-alert'
import { useResendCode } from '../api/resend-code'
import { useVerifyCode } from '../api/verify-code'
import { CodeInput } from './code-input'
import { ResendCodeLink, useNextCode } from './resend-code-link'

/** /code: the e-mailed verification code, checked as soon as all five digits are in. */
export function CodeEntryScreen() {
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

  if (!username) return <Navigate to="/login" replace />
  const email = username

  function rejectCode(message: string) {
    setCode('')
    alert.show(message)
    firstDigit.current?.focus()
  }

  function handleChange(value: string) {
    setCode(value)
    if (!VerificationCode.safeParse(value).success || verify.isPending) return
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
          saveJwtCookie(answer.data.token, brand.cookieLifetimeHours)
          void navigate(takeAfterLogin())
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

  return (
    <AuthCard
      title="Check your e-mail"
      description={
        <>
          We sent a {CODE_LENGTH}-digit code to{' '}
          <Text component="strong" fw={700} c="var(--mantine-color-text)" inherit style={{ overflowWrap: 'anywhere' }}>
            {email}
          </Text>
          . Enter it below to continue.
        </>
      }
    >
      <Stack gap="lg">
        <CodeInputRow value={code} onChange={handleChange} pending={verify.isPending} inputRef={firstDigit} />
        <FormAlert message={alert.message} />
        <Stack gap={6} align="center">
          <ResendCodeLink sent={nextCode.sent} at={nextCode.at} pending={resend.isPending} onResend={handleResend} />
          <Anchor component={Link} to="/login" size="sm" c="dimmed">
            Back to login
          </Anchor>
        </Stack>
      </Stack>
    </AuthCard>
  )
}

function CodeInputRow({
  value,
  onChange,
  pending,
  inputRef,
}: {
  value: string
  onChange: (value: string) => void
  pending: boolean
  inputRef: Ref<HTMLInputElement>
}) {
  return (
    <Stack gap="xs" align="center">
      <CodeInput label="Verification code" value={value} onChange={onChange} readOnly={pending} inputRef={inputRef} />
      <Center h={20}>{pending ? <Loader size="xs" aria-label="Checking code" /> : null}</Center>
    </Stack>
  )
}

import { LoginRequest } from '@exchange/shared/accounts.schemas'
import { ALERT_MS, CODE_RESEND_COOLDOWN_SECONDS } from '@exchange/shared/constants'
import { ALERT_MESSAGES, VALIDATION_MESSAGES } from '@exchange/shared/messages'
import { Email } from '@exchange/shared/validators'
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import type { FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { AuthCard } from '../../../components/ui/auth-card'
import { FormAlert } from '../../../components/ui/form-alert'
import { takeAfterLogin } from '../../../lib/after-login'
import { alertCopyFor } from '../../../lib/alert-copy'
import { useBrand, useBrandPayload } from '../../../lib/brand-context'
import { saveJwtCookie } from '../../../lib/cookies'
import { updateSessionState } from '../../../lib/session-state'
import { useFormFields } from '../../../lib/use-form-fields'
import { useTimedAlert } from '../../../lib/use-timed-alert'
import { firstError } from '../../../lib/validation'
import { useLogIn } from '../api/log-in'
import { useStartPasswordReset } from '../api/start-password-reset'

const initialValues = { email: '', password: '' }

/** When the code screen may ask for another code, from the answer that sent the customer there. */
const nextCodeAt = (retryAfterSeconds: number | undefined) =>
  Date.now() + (retryAfterSeconds ?? CODE_RESEND_COOLDOWN_SECONDS) * 1000

const validators = {
  email: (value: string) => firstError(Email, value),
  // Logging in only needs a password; the length rule is for choosing one.
  password: (value: string) => firstError(LoginRequest.shape.password, value),
}

export function LoginForm() {
  const brand = useBrand()
  const brandPayload = useBrandPayload()
  const navigate = useNavigate()
  const logIn = useLogIn()
  const startReset = useStartPasswordReset()
  const alert = useTimedAlert(ALERT_MS.login)
  const form = useFormFields(initialValues, validators)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    alert.clear()
    if (!form.validate()) return
    const email = Email.parse(form.values.email)
    logIn.mutate(
      { email, password: form.values.password, ...brandPayload },
      {
        onSuccess: (answer) => {
          if (!answer.result) {
            alert.show(alertCopyFor(answer, ALERT_MESSAGES.checkDetails))
            return
          }
          if (answer.code === true) {
            updateSessionState({ username: email, nextCodeAt: nextCodeAt(answer.retryAfterSeconds) })
            void navigate('/code')
            return
          }
          updateSessionState({ username: email })
          saveJwtCookie(answer.data.token, brand.cookieLifetimeHours)
          void navigate(takeAfterLogin())
        },
        onError: () => alert.show(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  function handleForgotPassword() {
    alert.clear()
    if (form.values.email.trim() === '') {
      form.setError('email', VALIDATION_MESSAGES.forgotEmailRequired)
      return
    }
    const parsed = Email.safeParse(form.values.email)
    if (!parsed.success) {
      form.setError('email', parsed.error.issues[0]?.message)
      return
    }
    const email = parsed.data
    startReset.mutate(
      { email, ...brandPayload },
      {
        onSuccess: (answer) => {
          if (!answer.result) {
            alert.show(alertCopyFor(answer, ALERT_MESSAGES.somethingWentWrong))
            return
          }
          updateSessionState({ username: email, nextCodeAt: nextCodeAt(answer.retryAfterSeconds) })
          void navigate('/resetpass')
        },
        onError: () => alert.show(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  return (
    <AuthCard title="Log in" description={`Welcome back to ${brand.brandName}.`}>
      <form onSubmit={handleSubmit} noValidate aria-label="Log in">
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            inputMode="email"
            placeholder="you@example.com"
            size="md"
            value={form.values.email}
            onChange={(event) => form.setField('email', event.currentTarget.value)}
            error={form.errors.email}
          />
          <Stack gap={6}>
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              placeholder="Your password"
              size="md"
              value={form.values.password}
              onChange={(event) => form.setField('password', event.currentTarget.value)}
              error={form.errors.password}
            />
            <Group justify="flex-end">
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={600}
                onClick={handleForgotPassword}
                disabled={startReset.isPending}
              >
                Forgot password?
              </Anchor>
            </Group>
          </Stack>
          <FormAlert message={alert.message} />
          <Button type="submit" size="md" fullWidth loading={logIn.isPending}>
            Login
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            New here?{' '}
            <Anchor component={Link} to="/signup" fw={600}>
              Create an account
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  )
}

import { ALERT_MS } from '@exchange/shared/constants'
import { ALERT_MESSAGES, VALIDATION_MESSAGES } from '@exchange/shared/messages'
import { Email, Password } from '@exchange/shared/validators'
import { Anchor, Button, Checkbox, PasswordInput, Stack, Text, TextInput } from '@mantine/core'
import type { FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { AuthCard } from '../../../components/ui/auth-card'
import { FormAlert } from '../../../components/ui/form-alert'
import { alertCopyFor } from '../../../lib/alert-copy'
import { useBrand, useBrandPayload } from '../../../lib/brand-context'
import { updateSessionState } from '../../../lib/session-state'
import { getSignupToken } from '../../../lib/signup-token'
import { useFormFields } from '../../../lib/use-form-fields'
import { useTimedAlert } from '../../../lib/use-timed-alert'
import { firstError } from '../../../lib/validation'
import { useSignUp } from '../api/sign-up'

const initialValues = { email: '', password: '', terms: false }

const validators = {
  email: (value: string) => firstError(Email, value),
  password: (value: string) => firstError(Password, value),
  terms: (value: boolean) => (value ? undefined : VALIDATION_MESSAGES.termsRequired),
}

export function SignupForm() {
  const brand = useBrand()
  const brandPayload = useBrandPayload()
  const navigate = useNavigate()
  const signUp = useSignUp()
  const alert = useTimedAlert(ALERT_MS.signup)
  const form = useFormFields(initialValues, validators)

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    alert.clear()
    if (!form.validate()) return
    const email = Email.parse(form.values.email)
    signUp.mutate(
      { email, password: form.values.password, token: getSignupToken(), ...brandPayload },
      {
        onSuccess: (answer) => {
          if (!answer.result) {
            alert.show(alertCopyFor(answer, ALERT_MESSAGES.checkDetails))
            return
          }
          updateSessionState({ username: email, nextCodeAt: null })
          void navigate('/code')
        },
        onError: () => alert.show(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  return (
    <AuthCard title="Create your account" description="Start buying crypto in minutes.">
      <form onSubmit={handleSubmit} noValidate aria-label="Sign up">
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            size="md"
            value={form.values.email}
            onChange={(event) => form.setField('email', event.currentTarget.value)}
            error={form.errors.email}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            placeholder="At least 6 characters"
            size="md"
            value={form.values.password}
            onChange={(event) => form.setField('password', event.currentTarget.value)}
            error={form.errors.password}
          />
          <Checkbox
            checked={form.values.terms}
            onChange={(event) => form.setField('terms', event.currentTarget.checked)}
            error={form.errors.terms}
            label={
              <>
                I accept the{' '}
                <Anchor href={brand.termsUrl} target="_blank" rel="noopener noreferrer" inherit underline="always">
                  Terms and Conditions
                </Anchor>{' '}
                and the{' '}
                <Anchor href={brand.privacyUrl} target="_blank" rel="noopener noreferrer" inherit underline="always">
                  Privacy Policy
                </Anchor>
              </>
            }
          />
          <FormAlert message={alert.message} />
          <Button type="submit" size="md" fullWidth loading={signUp.isPending}>
            Sign Up
          </Button>
          <Text size="sm" ta="center" c="dimmed">
            Already have an account?{' '}
            <Anchor component={Link} to="/login" fw={600}>
              Log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  )
}

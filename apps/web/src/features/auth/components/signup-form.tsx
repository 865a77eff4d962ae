import * as WEB_PATHS from '@exchange/shared/web-paths'
import { checkEmail, checkNewPassword } from '@exchange/shared/account-rules'
import { ALERT_MS } from '@exchange/shared/constants'
import { ALERT_MESSAGES, VALIDATION_MESSAGES } from '@exchange/shared/messages'
import type { FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { AuthCard, Button, EmailField, CheckboxField, FormAlert, PasswordField } from '../../../components/account/ui'
import { alertCopyFor } from '../../../lib/alert-copy'
import { useBrand, useBrandPayload } from '../../../lib/brand-context'
import { updateSessionState } from '../../../lib/session-state'
import { getSignupToken } from '../../../lib/signup-token'
import { useFormFields } from '../../../lib/use-form-fields'
import { useTimedAlert } from '../../../lib/use-timed-alert'
import { ruleMessage } from '../../../lib/validation'
import { useSignUp } from '../api/sign-up'

const initialValues = { email: '', password: '', terms: false }

const validators = {
  email: (value: string) => ruleMessage(checkEmail(value)),
  password: (value: string) => ruleMessage(checkNewPassword(value)),
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
    const checked = checkEmail(form.values.email)
    if (!form.validate() || !checked.ok) return
    const email = checked.value
    signUp.mutate(
      { email, password: form.values.password, token: getSignupToken(), ...brandPayload },
      {
        onSuccess: (answer) => {
          if (!answer.result) {
            alert.show(alertCopyFor(answer, ALERT_MESSAGES.checkDetails))
            return
          }
          updateSessionState({ username: email, nextCodeAt: null })
          void navigate(WEB_PATHS.code)
        },
        onError: () => alert.show(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  return (
    <AuthCard title="Create your account" description="Start buying crypto in minutes.">
      <form onSubmit={handleSubmit} noValidate aria-label="Sign up" className="ac-stack">
        <EmailField autoComplete="email" {...form.textField('email')} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          placeholder="At least 6 characters"
          {...form.textField('password')}
        />
        <CheckboxField
          checked={form.values.terms}
          onChange={(event) => form.setField('terms', event.currentTarget.checked)}
          error={form.errors.terms}
          label={
            <>
              I accept the{' '}
              <a href={brand.termsUrl} target="_blank" rel="noopener noreferrer">
                Terms and Conditions
              </a>{' '}
              and the{' '}
              <a href={brand.privacyUrl} target="_blank" rel="noopener noreferrer">
                Privacy Policy
              </a>
            </>
          }
        />
        <FormAlert message={alert.message} />
        <Button type="submit" loading={signUp.isPending}>
          Sign Up
        </Button>
        <p className="ac-dimmed ac-small ac-centred">
          Already have an account?{' '}
          <Link to={WEB_PATHS.login} className="ac-link">
            Log in
          </Link>
        </p>
      </form>
    </AuthCard>
  )
}

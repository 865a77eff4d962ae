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
import { useCatalog } from '../../../lib/i18n/catalog'
import { activeLocale } from '../../../lib/i18n/locale'
import { RichText } from '../../../lib/i18n/rich-text'
import { commonCatalog } from '../../../lib/common-copy'
import { authCatalog } from '../messages'

const initialValues = { email: '', password: '', terms: false }

const validators = {
  email: (value: string) => ruleMessage(checkEmail(value)),
  password: (value: string) => ruleMessage(checkNewPassword(value)),
  terms: (value: boolean) => (value ? undefined : VALIDATION_MESSAGES.termsRequired),
}

/** "I accept the Terms and Conditions and the Privacy Policy", each a link to the brand's document. */
export function TermsConsent({ termsUrl, privacyUrl }: { termsUrl: string; privacyUrl: string }) {
  return (
    <RichText
      catalog={authCatalog}
      id="auth.signup.terms"
      parts={[
        <a href={termsUrl} target="_blank" rel="noopener noreferrer" />,
        <a href={privacyUrl} target="_blank" rel="noopener noreferrer" />,
      ]}
    />
  )
}

export function SignupForm() {
  const t = useCatalog(authCatalog)
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
      {
        email,
        password: form.values.password,
        token: getSignupToken(),
        // The customer's e-mails are written in the language the page speaks (decision 131).
        language: activeLocale().language,
        ...brandPayload,
      },
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
    <AuthCard title={t('auth.signup.title')} description={t('auth.signup.lead')}>
      <form onSubmit={handleSubmit} noValidate aria-label={t('auth.signup.form')} className="ac-stack">
        <EmailField autoComplete="email" {...form.textField('email')} />
        <PasswordField
          label={commonCatalog.t('common.password.label')}
          autoComplete="new-password"
          placeholder={t('auth.signup.passwordPlaceholder')}
          {...form.textField('password')}
        />
        <CheckboxField
          checked={form.values.terms}
          onChange={(event) => form.setField('terms', event.currentTarget.checked)}
          error={form.errors.terms}
          label={<TermsConsent termsUrl={brand.termsUrl} privacyUrl={brand.privacyUrl} />}
        />
        <FormAlert message={alert.message} />
        <Button type="submit" loading={signUp.isPending}>
          {t('auth.signup.submit')}
        </Button>
        <p className="ac-dimmed ac-small ac-centred">
          <RichText
            catalog={authCatalog}
            id="auth.signup.haveAccount"
            parts={[<Link to={WEB_PATHS.login} className="ac-link" />]}
          />
        </p>
      </form>
    </AuthCard>
  )
}

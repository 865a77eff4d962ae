import * as WEB_PATHS from '@exchange/shared/web-paths'
import type { ErrorCode } from '@exchange/shared/errors'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import type { FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { AuthCard, Button, FormAlert, PasswordField } from '../../../components/account/ui'
import { alertCopyFor } from '../../../lib/alert-copy'
import { useBrandPayload } from '../../../lib/brand-context'
import type { useFormFields } from '../../../lib/use-form-fields'
import type { useTimedAlert } from '../../../lib/use-timed-alert'
import { useCompletePasswordReset } from '../api/complete-password-reset'
import { PASSWORD_CHANGED } from './reset-success-screen'
import { useCatalog } from '../../../lib/i18n/catalog'
import { authCatalog } from '../messages'

const CODE_ERRORS: readonly ErrorCode[] = ['code_invalid', 'code_expired', 'code_attempts_exceeded']

interface NewPasswordFormProps {
  email: string
  /** The reset code the customer entered and the api accepted. */
  code: string
  /** Kept by the reset screen, so that a password typed before a fresh code was needed is still there after it. */
  form: ReturnType<typeof useFormFields<{ password: string }>>
  alert: ReturnType<typeof useTimedAlert>
  /** The code ran out while the password was being chosen: back to the code step with this message. */
  onCodeRejected: (message: string) => void
}

/** /resetpass, second step: the new password, set with the accepted code; then the success screen. */
export function NewPasswordForm({ email, code, form, alert, onCodeRejected }: NewPasswordFormProps) {
  const t = useCatalog(authCatalog)
  const { brandName, companyDetails } = useBrandPayload()
  const navigate = useNavigate()
  const complete = useCompletePasswordReset()

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    alert.clear()
    if (!form.validate()) return
    complete.mutate(
      { email, code, password: form.values.password, brandName, companyDetails },
      {
        onSuccess: (answer) => {
          if (answer.result) {
            void navigate(WEB_PATHS.resetDone, { state: PASSWORD_CHANGED })
            return
          }
          // The code may have expired while the new password was being chosen: ask for a fresh one.
          if (CODE_ERRORS.includes(answer.error)) onCodeRejected(ALERT_MESSAGES.wrongResetCode)
          else alert.show(alertCopyFor(answer, ALERT_MESSAGES.somethingWentWrong))
        },
        onError: () => alert.show(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  return (
    <AuthCard title={t('auth.newPassword.title')} description={t('auth.newPassword.lead', { email })}>
      <form onSubmit={handleSubmit} noValidate className="ac-stack">
        <PasswordField
          label={t('auth.newPassword.label')}
          autoComplete="new-password"
          // The new password is all this step asks for: the field has the focus when it appears.
          autoFocus
          {...form.textField('password')}
        />
        <FormAlert message={alert.message} />
        <Button type="submit" loading={complete.isPending}>
          {t('auth.newPassword.submit')}
        </Button>
      </form>
    </AuthCard>
  )
}

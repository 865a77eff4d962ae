import { PASSWORD_MIN_LENGTH } from '@exchange/shared/constants'
import { Password } from '@exchange/shared/validators'
import { Button, PasswordInput, Stack } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { FormAlert, useForm } from '../../../components/ui/form'
import { useBrand } from '../../../lib/brand-context'
import { useCatalog } from '../../../lib/i18n/catalog'
import { accountSecurityCatalog } from '../messages'
import { refusalMessage, securityCalls } from '../api/account-security-calls'
import { checkFields } from './check-fields'
import { useProveItsYou } from './prove-its-you'
import { fieldError, payoutHoldNote, SecuritySection } from './security-parts'

const RULES = { newPassword: Password }

/** Change the password: the current one, then the new one under the sign-up rules; every other device is signed out. */
export function PasswordChangeForm() {
  const t = useCatalog(accountSecurityCatalog)
  const brand = useBrand()
  const form = useForm({ newPassword: '' }, (values) => checkFields(RULES, values))
  const proof = useProveItsYou('password')
  const [alert, setAlert] = useState<string | null>(null)
  const change = useMutation({ mutationFn: securityCalls.changePassword })

  function send() {
    setAlert(null)
    const proved = proof.collect()
    const values = form.submit()
    if (!values || !proved) return
    change.mutate(
      { brandName: brand.brandName, ...proved, ...values },
      {
        onSuccess: (answer) => {
          if (answer && answer.result) {
            form.reset({ newPassword: '' })
            proof.reset()
            notifications.show({
              color: 'green',
              title: t('account-security.password.changedTitle'),
              message: t('account-security.password.changed', {
                count: answer.endedSessions,
                payoutHold: payoutHoldNote(),
              }),
            })
          } else if (!answer || !proof.refused(answer)) setAlert(refusalMessage(answer))
        },
        onError: () => setAlert(refusalMessage({ result: false, error: 'internal_error' })),
      },
    )
  }

  return (
    <SecuritySection title={t('account-security.password.title')} lead={t('account-security.password.lead')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          send()
        }}
      >
        <Stack gap="sm">
          {proof.fields}
          <PasswordInput
            id="password-new"
            label={t('account-security.password.new')}
            description={t('account-security.password.newHint', { min: PASSWORD_MIN_LENGTH })}
            autoComplete="new-password"
            required
            value={form.values.newPassword}
            error={fieldError(form.errors.newPassword)}
            onChange={(event) => form.setField('newPassword', event.currentTarget.value)}
          />
          <FormAlert message={alert} />
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('account-security.password.submit')}
          </Button>
        </Stack>
      </form>
    </SecuritySection>
  )
}

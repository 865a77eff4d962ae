import { PASSWORD_MIN_LENGTH } from '@exchange/shared/constants'
import { Password } from '@exchange/shared/validators'
import { Button, PasswordInput, Stack } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { FormAlert, useForm } from '../../../components/ui/form'
import { PAYOUT_HOLD_NOTE } from './security-parts'
import { useBrand } from '../../../lib/brand-context'
import { refusalMessage, securityCalls } from '../api/account-security-calls'
import { checkFields } from './check-fields'
import { useProveItsYou } from './prove-its-you'
import { SecuritySection } from './security-parts'

const RULES = { newPassword: Password }

/** Change the password: the current one, then the new one under the sign-up rules; every other device is signed out. */
export function PasswordChangeForm() {
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
            const others =
              answer.endedSessions === 1 ? '1 other device was' : `${answer.endedSessions} other devices were`
            notifications.show({
              color: 'green',
              title: 'Password changed',
              message: `${others} signed out. We have sent you an e-mail about it. ${PAYOUT_HOLD_NOTE}`,
            })
          } else if (!answer || !proof.refused(answer)) setAlert(refusalMessage(answer))
        },
        onError: () => setAlert(refusalMessage({ result: false, error: 'internal_error' })),
      },
    )
  }

  return (
    <SecuritySection
      title="Password"
      lead="Choose a new password. Every other device signed in to your account will be signed out; this one stays."
    >
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
            label="New password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            autoComplete="new-password"
            required
            value={form.values.newPassword}
            error={form.errors.newPassword}
            onChange={(event) => form.setField('newPassword', event.currentTarget.value)}
          />
          <FormAlert message={alert} />
          <Button type="submit" loading={change.isPending} style={{ alignSelf: 'flex-start' }}>
            Change password
          </Button>
        </Stack>
      </form>
    </SecuritySection>
  )
}

import { Email, VerificationCode } from '@exchange/shared/validators'
import { Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { FormAlert, type FormState, useForm } from '../../../components/ui/form'
import { useBrand } from '../../../lib/brand-context'
import { grossQueryKey, useCustomer } from '../../../lib/customer-context'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { accountSecurityCatalog } from '../messages'
import { refusalMessage, securityCalls } from '../api/account-security-calls'
import { checkFields } from './check-fields'
import { type Proof, useProveItsYou } from './prove-its-you'
import { fieldError, payoutHoldNote, SecuritySection } from './security-parts'

interface AddressValues extends Record<string, string> {
  newEmail: string
}

const FAILED = { result: false as const, error: 'internal_error' as const }

/** The code sent to the new address, typed here. */
function CodeStep({
  newEmail,
  onDone,
  onBack,
}: {
  newEmail: string
  onDone: (email: string) => void
  onBack: () => void
}) {
  const t = useCatalog(accountSecurityCatalog)
  const brand = useBrand()
  const form = useForm({ code: '' }, (values) => checkFields({ code: VerificationCode }, values))
  const [alert, setAlert] = useState<string | null>(null)
  const confirm = useMutation({ mutationFn: securityCalls.confirmEmailChange })

  function send() {
    setAlert(null)
    const values = form.submit()
    if (!values) return
    confirm.mutate(
      { brandName: brand.brandName, code: values.code.trim() },
      {
        onSuccess: (answer) => (answer && answer.result ? onDone(answer.email) : setAlert(refusalMessage(answer))),
        onError: () => setAlert(refusalMessage(FAILED)),
      },
    )
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        send()
      }}
    >
      <Stack gap="sm">
        <Text size="sm" role="status">
          <RichText
            catalog={accountSecurityCatalog}
            id="account-security.email.codeSent"
            values={{ email: newEmail }}
            parts={[<strong style={{ overflowWrap: 'anywhere' }} />]}
          />
        </Text>
        <TextInput
          id="email-code"
          label={t('account-security.email.codeLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={5}
          required
          value={form.values.code}
          error={fieldError(form.errors.code)}
          onChange={(event) => form.setField('code', event.currentTarget.value)}
        />
        <FormAlert message={alert} />
        <Group gap="sm">
          <Button type="submit" loading={confirm.isPending}>
            {t('account-security.email.confirm')}
          </Button>
          <Button variant="subtle" onClick={onBack}>
            {t('account-security.email.another')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** The new address and the proof that it is the customer. */
function AddressStep({
  form,
  proofFields,
  alert,
  pending,
  onSend,
}: {
  form: FormState<AddressValues, AddressValues>
  proofFields: ReactNode
  alert: string | null
  pending: boolean
  onSend: () => void
}) {
  const t = useCatalog(accountSecurityCatalog)
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        onSend()
      }}
    >
      <Stack gap="sm">
        <TextInput
          id="email-new"
          label={t('account-security.email.new')}
          type="email"
          autoComplete="email"
          required
          value={form.values.newEmail}
          error={fieldError(form.errors.newEmail)}
          onChange={(event) => form.setField('newEmail', event.currentTarget.value)}
        />
        {proofFields}
        <FormAlert message={alert} />
        <Button type="submit" loading={pending} style={{ alignSelf: 'flex-start' }}>
          {t('account-security.email.send')}
        </Button>
      </Stack>
    </form>
  )
}

/**
 * Change the e-mail address: the current password and the new address, then the code sent there. The old address is
 * told, with a link that undoes the change for 72 hours.
 */
export function EmailChangeForm() {
  const t = useCatalog(accountSecurityCatalog)
  const brand = useBrand()
  const customer = useCustomer()
  const queryClient = useQueryClient()
  const form = useForm<AddressValues, AddressValues>({ newEmail: '' }, (values) =>
    checkFields({ newEmail: Email }, values),
  )
  const proof = useProveItsYou('email')
  const [alert, setAlert] = useState<string | null>(null)
  const [codeFor, setCodeFor] = useState<string | null>(null)
  const start = useMutation({ mutationFn: securityCalls.startEmailChange })

  function send() {
    setAlert(null)
    const proved: Proof | undefined = proof.collect()
    const values = form.submit()
    if (!values || !proved) return
    const newEmail = values.newEmail.trim().toLowerCase()
    start.mutate(
      { brandName: brand.brandName, ...proved, newEmail },
      {
        onSuccess: (answer) => {
          if (answer && answer.result) {
            proof.reset()
            setCodeFor(newEmail)
          } else if (!answer || !proof.refused(answer)) setAlert(refusalMessage(answer))
        },
        onError: () => setAlert(refusalMessage(FAILED)),
      },
    )
  }

  function done(email: string) {
    setCodeFor(null)
    form.reset({ newEmail: '' })
    notifications.show({
      color: 'green',
      title: t('account-security.email.changedTitle'),
      message: t('account-security.email.changed', { email, payoutHold: payoutHoldNote() }),
    })
    void queryClient.invalidateQueries({ queryKey: grossQueryKey() })
  }

  return (
    <SecuritySection
      title={t('account-security.email.title')}
      lead={t('account-security.email.lead', { email: customer.details.email })}
    >
      {codeFor ? (
        <CodeStep newEmail={codeFor} onDone={done} onBack={() => setCodeFor(null)} />
      ) : (
        <AddressStep form={form} proofFields={proof.fields} alert={alert} pending={start.isPending} onSend={send} />
      )}
    </SecuritySection>
  )
}

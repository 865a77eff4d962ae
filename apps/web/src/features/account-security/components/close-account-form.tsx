import type { BlockingOrder } from '@exchange/shared/account-security.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Button, Checkbox, List, Stack, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { FormAlert, useForm } from '../../../components/ui/form'
import { useBrand } from '../../../lib/brand-context'
import { catalogLanguage, useCatalog } from '../../../lib/i18n/catalog'
import { accountSecurityCatalog } from '../messages'
import { refusalMessage, securityCalls } from '../api/account-security-calls'
import { checkFields } from './check-fields'
import { useProveItsYou } from './prove-its-you'
import { SecuritySection } from './security-parts'

/** The statuses whose reason the catalog words in the other languages; another is told in the api's words. */
const REASONS = ['initiated', 'awaiting_payment', 'payment_review', 'paid', 'awaiting_checks', 'processing'] as const
type Reason = (typeof REASONS)[number]
const hasReason = (status: string): status is Reason => (REASONS as readonly string[]).includes(status)

/** Why an order keeps the account open: the api says it in English, the catalog in the customer's other language. */
function reasonOf(order: BlockingOrder, t: (id: `account-security.close.reason.${Reason}`) => string): string {
  return hasReason(order.status) && catalogLanguage() !== 'en'
    ? t(`account-security.close.reason.${order.status}`)
    : order.reason
}

/** The orders that keep the account open, each with why. */
function BlockingOrders({ orders }: { orders: BlockingOrder[] }) {
  const t = useCatalog(accountSecurityCatalog)
  return (
    <Alert color="orange" title={t('account-security.close.blockedTitle')} role="alert">
      <Stack gap="xs">
        <Text size="sm">{t('account-security.close.blockedLead')}</Text>
        <List size="sm" spacing={4}>
          {orders.map((order) => (
            <List.Item key={order.reference}>
              <strong>{order.reference}</strong>: {reasonOf(order, t)}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  )
}

/** Close the account: the current password and a tick; refused, with the orders named, while one is in progress. */
export function CloseAccountForm() {
  const t = useCatalog(accountSecurityCatalog)
  const brand = useBrand()
  const navigate = useNavigate()
  const form = useForm({ understood: '' }, (values) =>
    checkFields({ understood: z.literal('yes', t('account-security.close.understoodRequired')) }, values),
  )
  const proof = useProveItsYou('close')
  const [alert, setAlert] = useState<string | null>(null)
  const [blocking, setBlocking] = useState<BlockingOrder[] | null>(null)
  const close = useMutation({ mutationFn: securityCalls.closeAccount })

  function send() {
    setAlert(null)
    setBlocking(null)
    const proved = proof.collect()
    const values = form.submit()
    if (!values || !proved) return
    close.mutate(
      { brandName: brand.brandName, ...proved },
      {
        onSuccess: (answer) => {
          if (answer && answer.result && answer.closed) void navigate(WEB_PATHS.logout)
          else if (answer && answer.result) setBlocking(answer.orders)
          else if (!answer || !proof.refused(answer)) setAlert(refusalMessage(answer))
        },
        onError: () => setAlert(refusalMessage({ result: false, error: 'internal_error' })),
      },
    )
  }

  return (
    <SecuritySection title={t('account-security.close.title')} lead={t('account-security.close.lead')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          send()
        }}
      >
        <Stack gap="sm">
          {proof.fields}
          <Checkbox
            id="close-understood"
            label={t('account-security.close.understood')}
            checked={form.values.understood === 'yes'}
            error={form.errors.understood}
            onChange={(event) => form.setField('understood', event.currentTarget.checked ? 'yes' : '')}
          />
          {blocking && <BlockingOrders orders={blocking} />}
          <FormAlert message={alert} />
          <Button type="submit" color="red" loading={close.isPending} style={{ alignSelf: 'flex-start' }}>
            {t('account-security.close.submit')}
          </Button>
        </Stack>
      </form>
    </SecuritySection>
  )
}

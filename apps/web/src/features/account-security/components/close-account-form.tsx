import type { BlockingOrder } from '@exchange/shared/account-security.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Button, Checkbox, List, Stack, Text } from '@mantine/core'
import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { FormAlert, useForm } from '../../../components/ui/form'
import { useBrand } from '../../../lib/brand-context'
import { refusalMessage, securityCalls } from '../api/account-security-calls'
import { checkFields } from './check-fields'
import { useProveItsYou } from './prove-its-you'
import { SecuritySection } from './security-parts'

const UNDERSTOOD = 'Tick this box to confirm you want to close your account'

/** The orders that keep the account open, each with why. */
function BlockingOrders({ orders }: { orders: BlockingOrder[] }) {
  return (
    <Alert color="orange" title="Your account cannot be closed yet" role="alert">
      <Stack gap="xs">
        <Text size="sm">These orders are still in progress:</Text>
        <List size="sm" spacing={4}>
          {orders.map((order) => (
            <List.Item key={order.reference}>
              <strong>{order.reference}</strong>: {order.reason}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Alert>
  )
}

/** Close the account: the current password and a tick; refused, with the orders named, while one is in progress. */
export function CloseAccountForm() {
  const brand = useBrand()
  const navigate = useNavigate()
  const form = useForm({ understood: '' }, (values) =>
    checkFields({ understood: z.literal('yes', UNDERSTOOD) }, values),
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
    <SecuritySection
      title="Close your account"
      lead="You will be signed out everywhere and cannot sign in again. We keep the records of your checks and orders for as long as the law requires, and delete nothing before then."
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
          <Checkbox
            id="close-understood"
            label="I understand that I will no longer be able to sign in"
            checked={form.values.understood === 'yes'}
            error={form.errors.understood}
            onChange={(event) => form.setField('understood', event.currentTarget.checked ? 'yes' : '')}
          />
          {blocking && <BlockingOrders orders={blocking} />}
          <FormAlert message={alert} />
          <Button type="submit" color="red" loading={close.isPending} style={{ alignSelf: 'flex-start' }}>
            Close my account
          </Button>
        </Stack>
      </form>
    </SecuritySection>
  )
}

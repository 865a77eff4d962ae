import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { lookUpActiveOrder, updateActiveOrderStatus } from '../../../lib/active-order'
import { useBrand } from '../../../lib/brand-context'
import { useCustomer } from '../../../lib/customer-context'
import { orderAlertCopy } from '../../../lib/order-copy'
import { useCompleteViban } from '../api/complete-viban'
import { HISTORY_QUERY_KEY } from '../api/get-history'
import { ORDER_DETAIL_QUERY_KEY } from '../api/get-order-detail'
import { useVibanInstructions } from '../api/submit-viban'
import { PaymentStep } from './payment-step'
import { TransferInstructions } from './transfer-instructions'

/** /dashboard-vibanDetails: what to send to the customer's virtual IBAN, and "I have paid" once it is sent. */
export function VibanDetailsScreen() {
  const brand = useBrand()
  const customer = useCustomer()
  const queryClient = useQueryClient()
  const active = lookUpActiveOrder(customer.openOrder)
  const reference = active?.orderReference ?? null
  const instructions = useVibanInstructions(brand.brandName, reference)
  const completeViban = useCompleteViban()
  const [error, setError] = useState<string | null>(null)
  const [reported, setReported] = useState(false)

  const answer = instructions.data
  const data = answer && answer.result ? answer.data : null

  useEffect(() => {
    // The order is tied to the virtual IBAN now: the next screens read it as awaiting its payment.
    if (data && reference) updateActiveOrderStatus(reference, 'awaiting_payment')
  }, [data, reference])

  function reportPaid() {
    setError(null)
    completeViban.mutate(
      { brandName: brand.brandName },
      {
        onSuccess: (result) => {
          if (!result || !result.result) {
            setError(result ? orderAlertCopy(result) : ALERT_MESSAGES.somethingWentWrong)
            return
          }
          setReported(true)
          void queryClient.invalidateQueries({ queryKey: [HISTORY_QUERY_KEY] })
          if (reference) void queryClient.invalidateQueries({ queryKey: [ORDER_DETAIL_QUERY_KEY, reference] })
        },
        onError: () => setError(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  return (
    <PaymentStep
      title="Pay to your virtual IBAN"
      description="Make a transfer from your bank with these details. Your order is paid when the money arrives."
      orderReference={reference}
      needs="open"
    >
      {() => (
        <Stack gap="md">
          {data ? (
            <TransferInstructions instructions={data} referenceRequired={false} />
          ) : instructions.isPending ? (
            <Stack gap="xs" role="status" aria-label="Loading the transfer details">
              <Skeleton height={48} />
              <Skeleton height={48} />
              <Skeleton height={48} />
            </Stack>
          ) : (
            <Alert color="red" title="We could not load the transfer details">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  {answer && !answer.result ? orderAlertCopy(answer) : ALERT_MESSAGES.somethingWentWrong}
                </Text>
                <Button size="xs" variant="light" color="red" onClick={() => void instructions.refetch()}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          )}

          {reported ? (
            <Alert color="teal" variant="light" title="Transfer reported" role="status">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">Thank you. We will e-mail you as soon as the money arrives.</Text>
                <Anchor component={Link} to="/dashboard-history" fw={600} size="sm">
                  Follow your order in History
                </Anchor>
              </Stack>
            </Alert>
          ) : data ? (
            <Stack gap="xs">
              <FormAlert message={error} />
              <Group gap="md">
                <Button size="md" onClick={reportPaid} loading={completeViban.isPending}>
                  I have paid
                </Button>
                <Anchor component={Link} to="/dashboard-history" size="sm" fw={600}>
                  Pay later: see it in History
                </Anchor>
              </Group>
            </Stack>
          ) : null}
        </Stack>
      )}
    </PaymentStep>
  )
}

import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { updateActiveOrderStatus } from '../../../lib/active-order'
import { useBrand } from '../../../lib/brand-context'
import { orderAlertCopy } from '../../../lib/order-copy'
import { useOrderInView } from '../../../lib/order-in-view'
import { useCompleteViban } from '../api/complete-viban'
import { HISTORY_QUERY_KEY } from '../api/get-history'
import { ORDER_DETAIL_QUERY_KEY, orderDetailQueryOptions } from '../api/get-order-detail'
import { useViban } from '../api/get-viban'
import { useSubmitViban } from '../api/submit-viban'
import { type OnPaymentStepRequired, showPaymentRefusal } from '../payment-refusal'
import { PaymentStep } from './payment-step'
import { TransferInstructions } from './transfer-instructions'

/**
 * /dashboard-vibanDetails: what to send to the customer's virtual IBAN for the order the page names, and "I have
 * paid" once it is sent. Viewing it changes nothing: the transfer details are the customer's IBAN (orderGetViban) and
 * the order's own amount and reference; an order not yet tied to the IBAN is tied only when the customer asks.
 */
export function VibanDetailsScreen({ onStepRequired }: { onStepRequired?: OnPaymentStepRequired } = {}) {
  const brand = useBrand()
  const queryClient = useQueryClient()
  const reference = useOrderInView('payment')
  const viban = useViban(brand.brandName)
  const submitViban = useSubmitViban()
  const completeViban = useCompleteViban()
  const [error, setError] = useState<string | null>(null)
  const [reported, setReported] = useState(false)

  const vibanAnswer = viban.data
  const account = vibanAnswer && vibanAnswer.result ? vibanAnswer.data : null

  function refresh(orderReference: string) {
    void queryClient.invalidateQueries({ queryKey: [HISTORY_QUERY_KEY] })
    void queryClient.invalidateQueries({ queryKey: [ORDER_DETAIL_QUERY_KEY, orderReference] })
  }

  function payToViban(orderReference: string) {
    setError(null)
    submitViban.mutate(
      { orderReference, brandName: brand.brandName },
      {
        onSuccess: (answer) => {
          if (!answer || !answer.result) {
            if (answer) showPaymentRefusal(answer, orderReference, onStepRequired, setError)
            else setError(ALERT_MESSAGES.somethingWentWrong)
            return
          }
          // The order is tied to the virtual IBAN now: the next screens read it as awaiting its payment.
          updateActiveOrderStatus(orderReference, 'awaiting_payment')
          refresh(orderReference)
        },
        onError: () => setError(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  /** The order as it stands now: null when it could not be read. */
  async function currentStatus(orderReference: string) {
    try {
      const answer = await queryClient.fetchQuery({
        ...orderDetailQueryOptions(brand.brandName, orderReference),
        staleTime: 0,
      })
      return answer && answer.result ? answer.data.order.statusName : null
    } catch {
      return null
    }
  }

  function reportPaid(orderReference: string) {
    setError(null)
    completeViban.mutate(
      { brandName: brand.brandName, orderReference },
      {
        onSuccess: async (result) => {
          if (!result || !result.result) {
            // The money may have landed since the page was drawn: the order then no longer waits for a transfer, and
            // the page shows it as it now stands (paid, or held for review) rather than an error.
            const status = result ? await currentStatus(orderReference) : null
            if (status !== null && status !== 'awaiting_payment') return
            setError(result ? orderAlertCopy(result) : ALERT_MESSAGES.somethingWentWrong)
            return
          }
          setReported(true)
          refresh(orderReference)
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
      buyStep="pay"
      takesLateTransfer
      watchPayment
    >
      {({ order }) => {
        if (!account && vibanAnswer && !vibanAnswer.result && vibanAnswer.error === 'step_required') {
          // Nothing is shown of how to pay while a check is owed (decision 080): the step comes first.
          const step = vibanAnswer.step
          return (
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{orderAlertCopy(vibanAnswer)}</Text>
              <FormAlert message={error} />
              {step && onStepRequired ? (
                <Button onClick={() => void onStepRequired(step, order.orderReference).then(setError)}>Continue</Button>
              ) : null}
            </Stack>
          )
        }
        if (!account) {
          return viban.isPending ? (
            <Stack gap="xs" role="status" aria-label="Loading the transfer details">
              <Skeleton height={48} />
              <Skeleton height={48} />
              <Skeleton height={48} />
            </Stack>
          ) : (
            <Alert color="red" title="We could not load the transfer details">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  {vibanAnswer && !vibanAnswer.result ? orderAlertCopy(vibanAnswer) : ALERT_MESSAGES.somethingWentWrong}
                </Text>
                <Button size="xs" variant="light" color="red" onClick={() => void viban.refetch()}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          )
        }
        if (order.statusName === 'initiated') {
          return (
            <Stack gap="sm" align="flex-start">
              <Text size="sm">
                Order {order.orderReference} is not set to be paid by transfer yet. Choose it to see what to send.
              </Text>
              <FormAlert message={error} />
              <Button onClick={() => payToViban(order.orderReference)} loading={submitViban.isPending}>
                Pay this order to my virtual IBAN
              </Button>
            </Stack>
          )
        }
        if (order.method !== account.iban) {
          return (
            <Alert role="note" color="yellow" variant="light" title="This order is being paid another way">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  Order {order.orderReference} is waiting for a payment by {order.methodName ?? 'another method'}. Do
                  not send money to your virtual IBAN for it.
                </Text>
                <Anchor component={Link} to="/dashboard-history" fw={600} size="sm">
                  Follow it in History
                </Anchor>
              </Stack>
            </Alert>
          )
        }
        const instructions = {
          ...account,
          reference: order.orderReference,
          amount: order.fiatAmount,
          currency: order.fiatCur,
        }
        return (
          <Stack gap="md">
            <TransferInstructions instructions={instructions} referenceRequired={false} />
            {reported ? (
              <Alert color="teal" variant="light" title="Transfer reported" role="status">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    Thank you. This page shows the payment as soon as the money arrives, and we e-mail you then.
                  </Text>
                  <Anchor component={Link} to="/dashboard-history" fw={600} size="sm">
                    Follow your order in History
                  </Anchor>
                </Stack>
              </Alert>
            ) : (
              <Stack gap="xs">
                <FormAlert message={error} />
                <Group gap="md">
                  <Button size="md" onClick={() => reportPaid(order.orderReference)} loading={completeViban.isPending}>
                    I have paid
                  </Button>
                  <Anchor component={Link} to="/dashboard-history" size="sm" fw={600}>
                    Pay later: see it in History
                  </Anchor>
                </Group>
              </Stack>
            )}
          </Stack>
        )
      }}
    </PaymentStep>
  )
}

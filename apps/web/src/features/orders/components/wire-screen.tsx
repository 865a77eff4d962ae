import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { updateActiveOrderStatus } from '../../../lib/active-order'
import { useOrderInView } from '../../../lib/order-in-view'
import { useBrand } from '../../../lib/brand-context'
import { formatFiat } from '../../../lib/format'
import { getSessionState } from '../../../lib/session-state'
import { HISTORY_QUERY_KEY } from '../api/get-history'
import { ORDER_DETAIL_QUERY_KEY } from '../api/get-order-detail'
import { useStartPayByBank } from '../api/start-pay-by-bank'
import { useSubmitWire } from '../api/submit-wire'
import { PayOptionCard } from './pay-option-card'
import { type OnPaymentStepRequired, showPaymentRefusal } from '../payment-refusal'
import { useHostedPage } from '../use-hosted-page'
import { LateTransferPolicy } from './late-transfer-policy'
import { PaymentStep } from './payment-step'
import { TransferInstructions } from './transfer-instructions'

interface WireScreenProps {
  /** Where the order flow lives: '/dashboard' here, '/mp' in partner mode. */
  basePath?: string
  /** A payment refused for a journey step leads there and back (decision 080). */
  onStepRequired?: OnPaymentStepRequired
}

/**
 * /dashboard-wire: two ways to pay from the chosen bank. In the bank's app (pay-by-bank: the bank's consent page,
 * then back to the return page), or by a transfer the customer makes with our account details and the reference.
 */
export function WireScreen({ basePath = '/dashboard', onStepRequired }: WireScreenProps) {
  const brand = useBrand()
  const queryClient = useQueryClient()
  const reference = useOrderInView('payment')
  const { selectedBank, banksArray } = getSessionState()
  const bank = selectedBank ?? (banksArray.length === 1 ? (banksArray[0] ?? null) : null)
  const payByBank = useStartPayByBank()
  const submitWire = useSubmitWire()
  const [error, setError] = useState<string | null>(null)
  const { leaving, leaveFor } = useHostedPage()

  const instructions = submitWire.data && submitWire.data.result ? submitWire.data.data : null
  const tlId = bank ? (bank.tlId ?? bank.id) : null
  const busy = payByBank.isPending || submitWire.isPending || leaving

  function payInBankApp(orderReference: string, bankId: string) {
    setError(null)
    payByBank.mutate(
      { orderReference, tlId: bankId, brandName: brand.brandName },
      {
        onSuccess: (answer) => {
          if (!answer || !answer.result) {
            if (answer) showPaymentRefusal(answer, orderReference, onStepRequired, setError)
            else setError(ALERT_MESSAGES.somethingWentWrong)
            return
          }
          leaveFor(answer.data.authUrl, orderReference)
        },
        onError: () => setError(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  function transferManually(orderReference: string, bankId: string) {
    setError(null)
    submitWire.mutate(
      { orderReference, tlId: bankId, brandName: brand.brandName },
      {
        onSuccess: async (answer) => {
          if (!answer || !answer.result) {
            if (answer) showPaymentRefusal(answer, orderReference, onStepRequired, setError)
            else setError(ALERT_MESSAGES.somethingWentWrong)
            return
          }
          updateActiveOrderStatus(orderReference, 'awaiting_payment')
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: [ORDER_DETAIL_QUERY_KEY, orderReference] }),
            queryClient.invalidateQueries({ queryKey: [HISTORY_QUERY_KEY] }),
          ])
        },
        onError: () => setError(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  return (
    <PaymentStep
      title="Pay by bank transfer"
      description={bank ? `From your account at ${bank.name}.` : 'From your bank account.'}
      orderReference={reference}
      needs="open"
      buyStep="pay"
      takesLateTransfer
      basePath={basePath}
    >
      {({ order }) => {
        if (!bank || !tlId) {
          return (
            <Stack gap="xs" align="flex-start">
              <Text size="sm">Choose the bank you pay from first.</Text>
              <Anchor component={Link} to={`${basePath}-choosebank`} fw={600} size="sm">
                Choose your bank
              </Anchor>
            </Stack>
          )
        }
        const amount = formatFiat(order.fiatAmount, order.fiatCur)
        if (instructions) {
          return (
            <Stack gap="md" component="section" aria-labelledby="wire-instructions-title">
              <Stack gap={4}>
                <Title id="wire-instructions-title" order={2} fz="lg">
                  Your transfer
                </Title>
                <Text size="sm" c="dimmed">
                  In {bank.name}&apos;s app or online banking, send a transfer with these details.
                </Text>
              </Stack>
              <TransferInstructions instructions={instructions} referenceRequired />
              <Group gap="md">
                <Button component={Link} to="/dashboard-history" variant="default">
                  Done: follow the order in History
                </Button>
              </Group>
              <Text size="sm" c="dimmed">
                We e-mail you when the money arrives, and again when your coins are on their way.
              </Text>
            </Stack>
          )
        }
        return (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <PayOptionCard
                title="In your bank app"
                action="Pay with your bank app"
                onAction={() => payInBankApp(order.orderReference, tlId)}
                loading={payByBank.isPending || leaving}
                disabled={busy}
                primary
              >
                Approve {amount} in {bank.name}&apos;s app or online banking. Your order is paid as soon as you approve.
              </PayOptionCard>
              <PayOptionCard
                title="Manual transfer"
                action="Transfer manually"
                onAction={() => transferManually(order.orderReference, tlId)}
                loading={submitWire.isPending}
                disabled={busy}
              >
                <Stack gap={4}>
                  <Text size="sm" inherit>
                    Send {amount} yourself with the account details and the reference we give you. Your order is paid
                    when the money arrives.
                  </Text>
                  <LateTransferPolicy priceExpiresAt={order.priceExpiresAt} />
                </Stack>
              </PayOptionCard>
            </SimpleGrid>
            <FormAlert message={error} />
          </Stack>
        )
      }}
    </PaymentStep>
  )
}

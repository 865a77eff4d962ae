import { ALERT_MESSAGES } from '@exchange/shared/messages'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { useOrderInView } from '../../../lib/order-in-view'
import { useBrand } from '../../../lib/brand-context'
import { formatFiat } from '../../../lib/format'
import { getSessionState } from '../../../lib/session-state'
import { useStartCardPayment } from '../api/start-card-payment'
import { type OnPaymentStepRequired, showPaymentRefusal } from '../payment-refusal'
import { useHostedPage } from '../use-hosted-page'
import { PaymentStep } from './payment-step'

interface StartCardScreenProps {
  /** A payment refused for a journey step leads there and back (decision 080). */
  onStepRequired?: OnPaymentStepRequired
}

/** /dashboard-startcc: what the card payment will take, then off to the card provider's hosted checkout. */
export function StartCardScreen({ onStepRequired }: StartCardScreenProps) {
  const brand = useBrand()
  const reference = useOrderInView('payment')
  const { selectedPsp, pspArray } = getSessionState()
  const psp = selectedPsp ?? (pspArray.length === 1 ? (pspArray[0] ?? null) : null)
  const startCard = useStartCardPayment()
  const [error, setError] = useState<string | null>(null)
  const { leaving, leaveFor } = useHostedPage()

  function pay(orderReference: string, pspId: string) {
    setError(null)
    startCard.mutate(
      { orderReference, pspId, brandName: brand.brandName },
      {
        onSuccess: (answer) => {
          if (!answer || !answer.result) {
            if (answer) showPaymentRefusal(answer, orderReference, onStepRequired, setError)
            else setError(ALERT_MESSAGES.somethingWentWrong)
            return
          }
          leaveFor(answer.data.checkoutUrl, orderReference)
        },
        onError: () => setError(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  return (
    <PaymentStep
      title="Card payment"
      description="You pay on our card provider's secure page; we never see your card number."
      orderReference={reference}
      needs="open"
      buyStep="pay"
    >
      {({ order }) =>
        psp ? (
          <Stack gap="md" align="flex-start">
            <Paper withBorder radius="md" p="md" w="100%" component="section" aria-label="Card payment">
              <Stack gap={4}>
                <Text fw={700}>
                  {formatFiat(order.fiatAmount, order.fiatCur)} by card with {psp.name}
                </Text>
                <Text size="sm" c="dimmed">
                  You will enter your card on {psp.name}&apos;s page and may be asked to confirm the payment with your
                  bank. Then you come back here and we show you the result.
                </Text>
              </Stack>
            </Paper>
            <FormAlert message={error} />
            <Group gap="md">
              <Button
                size="md"
                onClick={() => pay(order.orderReference, psp.id)}
                loading={startCard.isPending || leaving}
              >
                Pay {formatFiat(order.fiatAmount, order.fiatCur)} by card
              </Button>
              <Anchor component={Link} to={WEB_PATHS.method} size="sm" fw={600}>
                Choose another way to pay
              </Anchor>
            </Group>
          </Stack>
        ) : (
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Choose who takes your card payment first.</Text>
            <Anchor component={Link} to={WEB_PATHS.chooseCard} fw={600} size="sm">
              Choose your card provider
            </Anchor>
          </Stack>
        )
      }
    </PaymentStep>
  )
}

import { formatIban } from '@exchange/shared/iban'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { SimpleGrid, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { pathForOrder } from '@exchange/shared/web-links'
import { useOrderInView } from '../../../lib/order-in-view'
import { useBrand } from '../../../lib/brand-context'
import { formatFiat } from '../../../lib/format'
import { orderAlertCopy } from '../../../lib/order-copy'
import { getSessionState } from '../../../lib/session-state'
import { useViban } from '../api/get-viban'
import { useSubmitViban } from '../api/submit-viban'
import { PayOptionCard } from './pay-option-card'
import { type OnPaymentStepRequired, showPaymentRefusal } from '../payment-refusal'
import { LateTransferPolicy } from './late-transfer-policy'
import { PaymentStep } from './payment-step'

interface VibanScreenProps {
  /** Where the order flow lives: '/dashboard' here, '/mp' in partner mode. */
  basePath?: string
  /** A payment refused for a journey step leads there and back (decision 080). */
  onStepRequired?: OnPaymentStepRequired
}

/**
 * /dashboard-viban: the one card provider was chosen and the customer's name is known (spec section 4), so
 * the order can be paid by card or by a transfer to the customer's own virtual IBAN.
 */
export function VibanScreen({ basePath = '/dashboard', onStepRequired }: VibanScreenProps) {
  const brand = useBrand()
  const navigate = useNavigate()
  const reference = useOrderInView('payment')
  const viban = useViban(brand.brandName)
  const submitViban = useSubmitViban()
  const [error, setError] = useState<string | null>(null)
  const { selectedPsp } = getSessionState()

  const vibanAnswer = viban.data
  const account = vibanAnswer && vibanAnswer.result ? vibanAnswer.data : null
  const detailsRequired =
    vibanAnswer !== undefined &&
    vibanAnswer !== false &&
    !vibanAnswer.result &&
    (vibanAnswer.error === 'details_required' ||
      (vibanAnswer.error === 'step_required' && vibanAnswer.step === 'details'))
  // The IBAN is shown once nothing is owed before paying; the button then asks for the order and leads to the step.
  const stepOwed = !detailsRequired && vibanAnswer && !vibanAnswer.result && vibanAnswer.error === 'step_required'

  useEffect(() => {
    // A virtual IBAN is issued in the customer's name: without it, the details come first.
    if (detailsRequired) void navigate(pathForOrder(`${basePath}-confirmdetails`, reference), { replace: true })
  }, [detailsRequired, navigate, basePath, reference])

  function payToViban(orderReference: string) {
    setError(null)
    submitViban.mutate(
      { orderReference, brandName: brand.brandName },
      {
        onSuccess: (answer) => {
          if (answer && answer.result) {
            void navigate(pathForOrder(`${basePath}-vibanDetails`, orderReference))
          } else if (answer && answer.error === 'details_required') {
            void navigate(pathForOrder(`${basePath}-confirmdetails`, orderReference))
          } else if (answer) {
            showPaymentRefusal(answer, orderReference, onStepRequired, setError)
          } else {
            setError(ALERT_MESSAGES.somethingWentWrong)
          }
        },
        onError: () => setError(ALERT_MESSAGES.somethingWentWrong),
      },
    )
  }

  const vibanFailed =
    viban.isError ||
    vibanAnswer === false ||
    (vibanAnswer !== undefined && !vibanAnswer.result && !detailsRequired && !stepOwed)

  return (
    <PaymentStep
      title={selectedPsp ? 'Pay by card' : 'Your virtual IBAN'}
      description={
        selectedPsp
          ? 'You chose to pay by card. Where your currency allows, you can still send a bank transfer to an IBAN that is yours alone.'
          : 'Pay by a bank transfer to an IBAN that is yours alone.'
      }
      orderReference={reference}
      needs="open"
      buyStep="pay"
      basePath={basePath}
    >
      {({ order }) => {
        const amount = formatFiat(order.fiatAmount, order.fiatCur)
        // The virtual IBAN's account holds some fiats only: an order in another one is not offered the transfer.
        const transferOffered = !account?.fiats || account.fiats.includes(order.fiatCur)
        return (
          <Stack gap="md">
            <SimpleGrid
              cols={{ base: 1, sm: selectedPsp && transferOffered ? 2 : 1 }}
              spacing="md"
              maw={selectedPsp && transferOffered ? undefined : 440}
            >
              {selectedPsp ? (
                <PayOptionCard
                  title="Card"
                  action="Pay by card"
                  onAction={() => void navigate(pathForOrder(`${basePath}-startcc`, order.orderReference))}
                  primary
                >
                  Pay {amount} by debit or credit card with {selectedPsp.name}. Your order is paid as soon as your card
                  is accepted.
                </PayOptionCard>
              ) : null}
              {transferOffered ? (
                <PayOptionCard
                  title={selectedPsp ? 'Or a bank transfer' : 'Bank transfer'}
                  action="Pay by bank transfer to your personal IBAN"
                  onAction={() => payToViban(order.orderReference)}
                  loading={submitViban.isPending}
                  disabled={!account && !stepOwed}
                  primary={!selectedPsp}
                >
                  <Stack gap={4}>
                    <Text size="sm" inherit>
                      Send {amount} from your bank to your personal IBAN. Your order is paid when the money arrives.
                    </Text>
                    <LateTransferPolicy priceExpiresAt={order.priceExpiresAt} />
                    {account ? (
                      <Text size="sm" c="bright" fw={600} ff="monospace">
                        {formatIban(account.iban)}
                      </Text>
                    ) : null}
                  </Stack>
                </PayOptionCard>
              ) : null}
            </SimpleGrid>
            {vibanFailed ? (
              <FormAlert
                message={
                  vibanAnswer && !vibanAnswer.result
                    ? orderAlertCopy(vibanAnswer)
                    : 'We could not load your virtual IBAN. Please try again.'
                }
              />
            ) : null}
            <FormAlert message={error} />
          </Stack>
        )
      }}
    </PaymentStep>
  )
}

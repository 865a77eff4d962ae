import { formatIban } from '@exchange/shared/iban'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import type { OrderSummary, PaymentOption } from '@exchange/shared/orders.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { SimpleGrid, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { pathForOrder } from '@exchange/shared/web-links'
import { useOrderInView } from '../../../lib/order-in-view'
import { useBrand } from '../../../lib/brand-context'
import { formatFiat } from '../../../lib/format'
import { localizeCopy } from '../../../lib/common-copy'
import { useCatalog } from '../../../lib/i18n/catalog'
import { orderAlertCopy } from '../../../lib/order-copy'
import { ordersCatalog } from '../messages'
import { getSessionState } from '../../../lib/session-state'
import { useViban } from '../api/get-viban'
import { useSubmitViban } from '../api/submit-viban'
import { PayOptionCard } from './pay-option-card'
import { type OnPaymentStepRequired, showPaymentRefusal } from '../payment-refusal'
import { LateTransferPolicy } from './late-transfer-policy'
import { PaymentStep } from './payment-step'

interface VibanScreenProps {
  /** A payment refused for a journey step leads there and back (decision 080). */
  onStepRequired?: OnPaymentStepRequired
}

/**
 * The customer's virtual IBAN as this screen reads it: the account once issued, whether the customer's details come
 * first, whether a step is owed before paying, and the alert when it could not be read.
 */
function useVibanAccount(brandName: string) {
  const viban = useViban(brandName)
  const vibanAnswer = viban.data
  const account = vibanAnswer && vibanAnswer.result ? vibanAnswer.data : null
  const detailsRequired =
    vibanAnswer !== undefined &&
    vibanAnswer !== false &&
    !vibanAnswer.result &&
    (vibanAnswer.error === 'details_required' ||
      (vibanAnswer.error === 'step_required' && vibanAnswer.step === 'details'))
  // The IBAN is shown once nothing is owed before paying; the button then asks for the order and leads to the step.
  const stepOwed =
    !detailsRequired && vibanAnswer !== undefined && vibanAnswer !== false && !vibanAnswer.result
      ? vibanAnswer.error === 'step_required'
      : false
  const vibanFailed =
    viban.isError ||
    vibanAnswer === false ||
    (vibanAnswer !== undefined && !vibanAnswer.result && !detailsRequired && !stepOwed)
  const failure = !vibanFailed
    ? null
    : vibanAnswer && !vibanAnswer.result
      ? orderAlertCopy(vibanAnswer)
      : ordersCatalog.t('orders.viban.loadFailed')
  return { account, detailsRequired, stepOwed, failure }
}

/**
 * /dashboard-viban: the one card provider was chosen and the customer's name is known (spec section 4), so
 * the order can be paid by card or by a transfer to the customer's own virtual IBAN.
 */
export function VibanScreen({ onStepRequired }: VibanScreenProps) {
  const t = useCatalog(ordersCatalog)
  const brand = useBrand()
  const navigate = useNavigate()
  const reference = useOrderInView('payment')
  const { account, detailsRequired, stepOwed, failure } = useVibanAccount(brand.brandName)
  const submitViban = useSubmitViban()
  const [error, setError] = useState<string | null>(null)
  const { selectedPsp } = getSessionState()

  useEffect(() => {
    // A virtual IBAN is issued in the customer's name: without it, the details come first.
    if (detailsRequired) void navigate(pathForOrder(WEB_PATHS.confirmDetails, reference), { replace: true })
  }, [detailsRequired, navigate, reference])

  function payToViban(orderReference: string) {
    setError(null)
    submitViban.mutate(
      { orderReference, brandName: brand.brandName },
      {
        onSuccess: (answer) => {
          if (answer && answer.result) {
            void navigate(pathForOrder(WEB_PATHS.vibanDetails, orderReference))
          } else if (answer && answer.error === 'details_required') {
            void navigate(pathForOrder(WEB_PATHS.confirmDetails, orderReference))
          } else if (answer) {
            showPaymentRefusal(answer, orderReference, onStepRequired, setError)
          } else {
            setError(localizeCopy(ALERT_MESSAGES.somethingWentWrong))
          }
        },
        onError: () => setError(localizeCopy(ALERT_MESSAGES.somethingWentWrong)),
      },
    )
  }

  return (
    <PaymentStep
      title={selectedPsp ? t('orders.viban.payByCard') : t('orders.viban.title')}
      description={selectedPsp ? t('orders.viban.cardDescription') : t('orders.viban.description')}
      orderReference={reference}
      needs="open"
      buyStep="pay"
    >
      {({ order }) => (
        <Stack gap="md">
          <VibanOptions
            order={order}
            psp={selectedPsp}
            iban={account ? account.iban : null}
            fiats={account?.fiats}
            transferReady={account !== null || stepOwed}
            paying={submitViban.isPending}
            onCard={() => void navigate(pathForOrder(WEB_PATHS.startCard, order.orderReference))}
            onTransfer={() => payToViban(order.orderReference)}
          />
          <FormAlert message={failure} />
          <FormAlert message={error} />
        </Stack>
      )}
    </PaymentStep>
  )
}

interface VibanOptionsProps {
  order: OrderSummary
  /** The card provider chosen, if any: the card is then offered first. */
  psp: PaymentOption | null
  /** The customer's virtual IBAN, once issued. */
  iban: string | null
  /** The fiats the virtual IBAN's account holds; any when not said. */
  fiats: readonly OrderSummary['fiatCur'][] | undefined
  /** The transfer's button works: the IBAN is known, or asking for the order leads to the step owed. */
  transferReady: boolean
  paying: boolean
  onCard: () => void
  onTransfer: () => void
}

/** The ways to pay on this screen: the card (when a provider was chosen) and the transfer to the virtual IBAN. */
function VibanOptions({ order, psp, iban, fiats, transferReady, paying, onCard, onTransfer }: VibanOptionsProps) {
  const t = useCatalog(ordersCatalog)
  const amount = formatFiat(order.fiatAmount, order.fiatCur)
  // The virtual IBAN's account holds some fiats only: an order in another one is not offered the transfer.
  const transferOffered = !fiats || fiats.includes(order.fiatCur)
  return (
    <SimpleGrid
      cols={{ base: 1, sm: psp && transferOffered ? 2 : 1 }}
      spacing="md"
      maw={psp && transferOffered ? undefined : 440}
    >
      {psp ? (
        <PayOptionCard title={t('orders.method.psps')} action={t('orders.viban.payByCard')} onAction={onCard} primary>
          {t('orders.viban.cardBody', { amount, provider: psp.name })}
        </PayOptionCard>
      ) : null}
      {transferOffered ? (
        <PayOptionCard
          title={psp ? t('orders.viban.orTransfer') : t('orders.method.banks')}
          action={t('orders.viban.payToIban')}
          onAction={onTransfer}
          loading={paying}
          disabled={!transferReady}
          primary={!psp}
        >
          <Stack gap={4}>
            <Text size="sm" inherit>
              {t('orders.viban.transferBody', { amount })}
            </Text>
            <LateTransferPolicy priceExpiresAt={order.priceExpiresAt} />
            {iban ? (
              <Text size="sm" c="bright" fw={600} ff="monospace">
                {formatIban(iban)}
              </Text>
            ) : null}
          </Stack>
        </PayOptionCard>
      ) : null}
    </SimpleGrid>
  )
}

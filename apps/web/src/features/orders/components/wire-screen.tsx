import type { FailureAnswer } from '@exchange/shared/answer'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import type { OrderSummary } from '@exchange/shared/orders.schemas'
import type { TransferInstructions as Instructions } from '@exchange/shared/payments.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { updateActiveOrderStatus } from '../../../lib/active-order'
import { useOrderInView } from '../../../lib/order-in-view'
import { useBrand } from '../../../lib/brand-context'
import { localizeCopy } from '../../../lib/common-copy'
import { formatFiat } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { ordersCatalog } from '../messages'
import { getSessionState } from '../../../lib/session-state'
import { historyQueryKey } from '../api/get-history'
import { orderDetailQueryOptions } from '../api/get-order-detail'
import { useStartPayByBank } from '../api/start-pay-by-bank'
import { useSubmitWire } from '../api/submit-wire'
import { PayOptionCard } from './pay-option-card'
import { type OnPaymentStepRequired, showPaymentRefusal } from '../payment-refusal'
import { useHostedPage } from '../use-hosted-page'
import { LateTransferPolicy } from './late-transfer-policy'
import { PaymentStep } from './payment-step'
import { TransferInstructions } from './transfer-instructions'

interface WireScreenProps {
  /** A payment refused for a journey step leads there and back (decision 080). */
  onStepRequired?: OnPaymentStepRequired
}

/** A payment call's answer: accepted, refused in words, or none at all. */
type PaymentAnswer = false | { result: true } | ({ result: false } & Pick<FailureAnswer, 'error' | 'step'>)

/**
 * The two ways to pay from the bank, and the alert of the last one tried: pay-by-bank leaves for the bank's consent
 * page, a manual transfer answers the details to send (`instructions`).
 */
function useWirePayment(onStepRequired: OnPaymentStepRequired | undefined) {
  const brand = useBrand()
  const queryClient = useQueryClient()
  const payByBank = useStartPayByBank()
  const submitWire = useSubmitWire()
  const [error, setError] = useState<string | null>(null)
  const { leaving, leaveFor } = useHostedPage()

  /** The api said yes; otherwise the alert says why not, or the customer is led to the step owed. */
  function accepted<A extends PaymentAnswer>(
    answer: A,
    orderReference: string,
  ): answer is Extract<A, { result: true }> {
    if (answer && answer.result) return true
    if (answer) showPaymentRefusal(answer, orderReference, onStepRequired, setError)
    else setError(localizeCopy(ALERT_MESSAGES.somethingWentWrong))
    return false
  }

  function payInBankApp(orderReference: string, bankId: string) {
    setError(null)
    payByBank.mutate(
      { orderReference, tlId: bankId, brandName: brand.brandName },
      {
        onSuccess: (answer) => {
          if (accepted(answer, orderReference)) leaveFor(answer.data.authUrl, orderReference)
        },
        onError: () => setError(localizeCopy(ALERT_MESSAGES.somethingWentWrong)),
      },
    )
  }

  function transferManually(orderReference: string, bankId: string) {
    setError(null)
    submitWire.mutate(
      { orderReference, tlId: bankId, brandName: brand.brandName },
      {
        onSuccess: async (answer) => {
          if (!accepted(answer, orderReference)) return
          updateActiveOrderStatus(orderReference, 'awaiting_payment')
          await Promise.all([
            queryClient.invalidateQueries({
              queryKey: orderDetailQueryOptions(brand.brandName, orderReference).queryKey,
            }),
            queryClient.invalidateQueries({ queryKey: historyQueryKey() }),
          ])
        },
        onError: () => setError(localizeCopy(ALERT_MESSAGES.somethingWentWrong)),
      },
    )
  }

  const instructions = submitWire.data && submitWire.data.result ? submitWire.data.data : null
  return {
    error,
    instructions,
    payInBankApp,
    transferManually,
    payingInApp: payByBank.isPending || leaving,
    transferring: submitWire.isPending,
    busy: payByBank.isPending || submitWire.isPending || leaving,
  }
}

/**
 * /dashboard-wire: two ways to pay from the chosen bank. In the bank's app (pay-by-bank: the bank's consent page,
 * then back to the return page), or by a transfer the customer makes with our account details and the reference.
 */
export function WireScreen({ onStepRequired }: WireScreenProps) {
  const t = useCatalog(ordersCatalog)
  const reference = useOrderInView('payment')
  const { selectedBank, banksArray } = getSessionState()
  const bank = selectedBank ?? (banksArray.length === 1 ? (banksArray[0] ?? null) : null)
  const payment = useWirePayment(onStepRequired)
  const tlId = bank ? (bank.tlId ?? bank.id) : null

  return (
    <PaymentStep
      title={t('orders.wire.title')}
      description={bank ? t('orders.wire.fromBank', { bank: bank.name }) : t('orders.wire.fromAccount')}
      orderReference={reference}
      needs="open"
      buyStep="pay"
      takesLateTransfer
    >
      {({ order }) => {
        if (!bank || !tlId) return <ChooseBankFirst />
        if (payment.instructions) return <WireInstructions bankName={bank.name} instructions={payment.instructions} />
        return <WireOptions order={order} bankName={bank.name} bankId={tlId} payment={payment} />
      }}
    </PaymentStep>
  )
}

/** No bank chosen yet: the way back to the bank list. */
function ChooseBankFirst() {
  const t = useCatalog(ordersCatalog)
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{t('orders.wire.chooseFirst')}</Text>
      <Anchor component={Link} to={WEB_PATHS.chooseBank} fw={600} size="sm">
        {t('orders.choose.banks.title')}
      </Anchor>
    </Stack>
  )
}

/** The manual transfer chosen: our account, the amount and the reference to send it with. */
function WireInstructions({ bankName, instructions }: { bankName: string; instructions: Instructions }) {
  const t = useCatalog(ordersCatalog)
  return (
    <Stack gap="md" component="section" aria-labelledby="wire-instructions-title">
      <Stack gap={4}>
        <Title id="wire-instructions-title" order={2} fz="lg">
          {t('orders.wire.yourTransfer')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('orders.wire.sendWith', { bank: bankName })}
        </Text>
      </Stack>
      <TransferInstructions instructions={instructions} referenceRequired />
      <Group gap="md">
        <Button component={Link} to={WEB_PATHS.history} variant="default">
          {t('orders.wire.done')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('orders.wire.weEmail')}
      </Text>
    </Stack>
  )
}

interface WireOptionsProps {
  order: OrderSummary
  bankName: string
  /** The bank as the pay-by-bank provider knows it. */
  bankId: string
  payment: ReturnType<typeof useWirePayment>
}

/** The two ways to pay side by side: in the bank's app, or by a transfer made by hand. */
function WireOptions({ order, bankName, bankId, payment }: WireOptionsProps) {
  const t = useCatalog(ordersCatalog)
  const amount = formatFiat(order.fiatAmount, order.fiatCur)
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <PayOptionCard
          title={t('orders.wire.inApp')}
          action={t('orders.wire.payInApp')}
          onAction={() => payment.payInBankApp(order.orderReference, bankId)}
          loading={payment.payingInApp}
          disabled={payment.busy}
          primary
        >
          {t('orders.wire.approve', { amount, bank: bankName })}
        </PayOptionCard>
        <PayOptionCard
          title={t('orders.wire.manual')}
          action={t('orders.wire.transferManually')}
          onAction={() => payment.transferManually(order.orderReference, bankId)}
          loading={payment.transferring}
          disabled={payment.busy}
        >
          <Stack gap={4}>
            <Text size="sm" inherit>
              {t('orders.wire.manualBody', { amount })}
            </Text>
            <LateTransferPolicy priceExpiresAt={order.priceExpiresAt} />
          </Stack>
        </PayOptionCard>
      </SimpleGrid>
      <FormAlert message={payment.error} />
    </Stack>
  )
}

import { ALERT_MESSAGES } from '@exchange/shared/messages'
import type { OrderSummary } from '@exchange/shared/orders.schemas'
import type { GetVibanAnswer } from '@exchange/shared/payments.schemas'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text } from '@mantine/core'
import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { FormAlert } from '../../../components/ui/form-alert'
import { updateActiveOrderStatus } from '../../../lib/active-order'
import { useBrand } from '../../../lib/brand-context'
import { localizeCopy } from '../../../lib/common-copy'
import { useCatalog } from '../../../lib/i18n/catalog'
import { orderAlertCopy, useOrderCopy } from '../../../lib/order-copy'
import { ordersCatalog } from '../messages'
import { useOrderInView } from '../../../lib/order-in-view'
import { useCompleteViban } from '../api/complete-viban'
import { historyQueryKey } from '../api/get-history'
import { orderDetailQueryOptions } from '../api/get-order-detail'
import { useViban } from '../api/get-viban'
import { useSubmitViban } from '../api/submit-viban'
import { type OnPaymentStepRequired, showPaymentRefusal } from '../payment-refusal'
import { PaymentStep } from './payment-step'
import { TransferInstructions } from './transfer-instructions'

type VibanAccount = Extract<GetVibanAnswer, { result: true }>['data']

/** The order as it stands now: null when it could not be read. */
async function currentStatus(queryClient: QueryClient, brandName: string, orderReference: string) {
  try {
    const answer = await queryClient.fetchQuery({ ...orderDetailQueryOptions(brandName, orderReference), staleTime: 0 })
    return answer && answer.result ? answer.data.order.statusName : null
  } catch {
    return null
  }
}

/**
 * What the customer does on this page: tie the order to the virtual IBAN (`payToViban`) and report the transfer sent
 * (`reportPaid`), with the alert of the last call and whether the transfer was reported.
 */
function useVibanTransfer(onStepRequired: OnPaymentStepRequired | undefined) {
  const brand = useBrand()
  const queryClient = useQueryClient()
  const submitViban = useSubmitViban()
  const completeViban = useCompleteViban()
  const [error, setError] = useState<string | null>(null)
  const [reported, setReported] = useState(false)

  function refresh(orderReference: string) {
    void queryClient.invalidateQueries({ queryKey: historyQueryKey() })
    void queryClient.invalidateQueries({ queryKey: orderDetailQueryOptions(brand.brandName, orderReference).queryKey })
  }

  function payToViban(orderReference: string) {
    setError(null)
    submitViban.mutate(
      { orderReference, brandName: brand.brandName },
      {
        onSuccess: (answer) => {
          if (!answer || !answer.result) {
            if (answer) showPaymentRefusal(answer, orderReference, onStepRequired, setError)
            else setError(localizeCopy(ALERT_MESSAGES.somethingWentWrong))
            return
          }
          // The order is tied to the virtual IBAN now: the next screens read it as awaiting its payment.
          updateActiveOrderStatus(orderReference, 'awaiting_payment')
          refresh(orderReference)
        },
        onError: () => setError(localizeCopy(ALERT_MESSAGES.somethingWentWrong)),
      },
    )
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
            const status = result ? await currentStatus(queryClient, brand.brandName, orderReference) : null
            if (status !== null && status !== 'awaiting_payment') return
            setError(result ? orderAlertCopy(result) : localizeCopy(ALERT_MESSAGES.somethingWentWrong))
            return
          }
          setReported(true)
          refresh(orderReference)
        },
        onError: () => setError(localizeCopy(ALERT_MESSAGES.somethingWentWrong)),
      },
    )
  }

  return {
    error,
    setError,
    reported,
    payToViban,
    reportPaid,
    tying: submitViban.isPending,
    reporting: completeViban.isPending,
  }
}

type VibanTransfer = ReturnType<typeof useVibanTransfer>

/**
 * /dashboard-vibanDetails: what to send to the customer's virtual IBAN for the order the page names, and "I have
 * paid" once it is sent. Viewing it changes nothing: the transfer details are the customer's IBAN (orderGetViban) and
 * the order's own amount and reference; an order not yet tied to the IBAN is tied only when the customer asks.
 */
export function VibanDetailsScreen({ onStepRequired }: { onStepRequired?: OnPaymentStepRequired } = {}) {
  const brand = useBrand()
  const reference = useOrderInView('payment')
  const viban = useViban(brand.brandName)
  const transfer = useVibanTransfer(onStepRequired)
  const t = useCatalog(ordersCatalog)
  useOrderCopy()

  return (
    <PaymentStep
      title={t('orders.vibanDetails.title')}
      description={t('orders.vibanDetails.description')}
      orderReference={reference}
      needs="open"
      buyStep="pay"
      takesLateTransfer
      watchPayment
    >
      {({ order }) => (
        <VibanDetailsBody order={order} viban={viban} transfer={transfer} onStepRequired={onStepRequired} />
      )}
    </PaymentStep>
  )
}

interface VibanDetailsBodyProps {
  order: OrderSummary
  viban: ReturnType<typeof useViban>
  transfer: VibanTransfer
  onStepRequired: OnPaymentStepRequired | undefined
}

/** What the page shows for the order, as far as the virtual IBAN and the order allow. */
function VibanDetailsBody({ order, viban, transfer, onStepRequired }: VibanDetailsBodyProps) {
  const t = useCatalog(ordersCatalog)
  const vibanAnswer = viban.data
  const account = vibanAnswer && vibanAnswer.result ? vibanAnswer.data : null
  if (!account && vibanAnswer && !vibanAnswer.result && vibanAnswer.error === 'step_required') {
    // Nothing is shown of how to pay while a check is owed (decision 080): the step comes first.
    const step = vibanAnswer.step
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{orderAlertCopy(vibanAnswer)}</Text>
        <FormAlert message={transfer.error} />
        {step && onStepRequired ? (
          <Button onClick={() => void onStepRequired(step, order.orderReference).then(transfer.setError)}>
            {t('orders.vibanDetails.continue')}
          </Button>
        ) : null}
      </Stack>
    )
  }
  if (!account) return viban.isPending ? <VibanLoading /> : <VibanNotLoaded viban={viban} />
  if (order.statusName === 'initiated') {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('orders.vibanDetails.notSet', { reference: order.orderReference })}</Text>
        <FormAlert message={transfer.error} />
        <Button onClick={() => transfer.payToViban(order.orderReference)} loading={transfer.tying}>
          {t('orders.vibanDetails.tie')}
        </Button>
      </Stack>
    )
  }
  if (order.method !== account.iban) return <PaidAnotherWay order={order} />
  return <VibanTransferDetails order={order} account={account} transfer={transfer} />
}

function VibanLoading() {
  const t = useCatalog(ordersCatalog)
  return (
    <Stack gap="xs" role="status" aria-label={t('orders.vibanDetails.loading')}>
      <Skeleton height={48} />
      <Skeleton height={48} />
      <Skeleton height={48} />
    </Stack>
  )
}

/** The virtual IBAN could not be read: why, and a way to ask again. */
function VibanNotLoaded({ viban }: { viban: ReturnType<typeof useViban> }) {
  const t = useCatalog(ordersCatalog)
  const vibanAnswer = viban.data
  return (
    <Alert color="red" title={t('orders.vibanDetails.loadFailed')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {vibanAnswer && !vibanAnswer.result
            ? orderAlertCopy(vibanAnswer)
            : localizeCopy(ALERT_MESSAGES.somethingWentWrong)}
        </Text>
        <Button size="xs" variant="light" color="red" onClick={() => void viban.refetch()}>
          {t('orders.tryAgain')}
        </Button>
      </Stack>
    </Alert>
  )
}

/** The order waits for a payment by another method: nothing is to be sent to the virtual IBAN for it. */
function PaidAnotherWay({ order }: { order: OrderSummary }) {
  const t = useCatalog(ordersCatalog)
  return (
    <Alert role="note" color="yellow" variant="light" title={t('orders.vibanDetails.anotherWay')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {t('orders.vibanDetails.anotherWayBody', {
            reference: order.orderReference,
            method: order.methodName ?? t('orders.vibanDetails.anotherMethod'),
          })}
        </Text>
        <Anchor component={Link} to={WEB_PATHS.history} fw={600} size="sm">
          {t('orders.vibanDetails.followIt')}
        </Anchor>
      </Stack>
    </Alert>
  )
}

interface VibanTransferDetailsProps {
  order: OrderSummary
  account: VibanAccount
  transfer: VibanTransfer
}

/** What to send to the virtual IBAN for the order, then "I have paid" (or the thanks once it is reported). */
function VibanTransferDetails({ order, account, transfer }: VibanTransferDetailsProps) {
  const instructions = {
    ...account,
    reference: order.orderReference,
    amount: order.fiatAmount,
    currency: order.fiatCur,
  }
  const t = useCatalog(ordersCatalog)
  return (
    <Stack gap="md">
      <TransferInstructions instructions={instructions} referenceRequired={false} />
      {transfer.reported ? (
        <Alert color="teal" variant="light" title={t('orders.vibanDetails.reported')} role="status">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('orders.vibanDetails.reportedBody')}</Text>
            <Anchor component={Link} to={WEB_PATHS.history} fw={600} size="sm">
              {t('orders.step.follow')}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="xs">
          <FormAlert message={transfer.error} />
          <Group gap="md">
            <Button size="md" onClick={() => transfer.reportPaid(order.orderReference)} loading={transfer.reporting}>
              {t('orders.vibanDetails.paid')}
            </Button>
            <Anchor component={Link} to={WEB_PATHS.history} size="sm" fw={600}>
              {t('orders.vibanDetails.later')}
            </Anchor>
          </Group>
        </Stack>
      )}
    </Stack>
  )
}

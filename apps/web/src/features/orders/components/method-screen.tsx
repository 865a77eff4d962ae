import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { normalizeAmountInput } from '@exchange/shared/money'
import { endsActiveOrder, OPEN_STATUSES, type MethodGroup, type OrderStatus } from '@exchange/shared/order-rules'
import type { MethodGroupOptions, OrderBuyGetMethodsAnswer, OrderSummary } from '@exchange/shared/orders.schemas'
import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { useId, useState } from 'react'
import { useNavigate } from 'react-router'
import { pathForOrder } from '@exchange/shared/web-links'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { BuySteps } from '../../../components/ui/buy-steps'
import { FormAlert } from '../../../components/ui/form-alert'
import { PayoutHoldNotice } from '../../../components/ui/payout-hold-notice'
import { lookUpActiveOrder } from '../../../lib/active-order'
import { useBrand } from '../../../lib/brand-context'
import { useCustomer } from '../../../lib/customer-context'
import { localizeCopy } from '../../../lib/common-copy'
import { formatFiat } from '../../../lib/format'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { orderAlertCopy, orderErrorCopy, useOrderCopy } from '../../../lib/order-copy'
import { ordersCatalog } from '../messages'
import { type ActiveOrder, updateSessionState } from '../../../lib/session-state'
import { useOrderDetail } from '../api/get-order-detail'
import { usePaymentMethods } from '../api/get-payment-methods'
import { useSelectPaymentMethod } from '../api/select-payment-method'
import { methodStep } from '../method-step'
import { useCancelOrder } from '../use-cancel-order'
import { useKeptPaymentMethods } from '../use-kept-payment-methods'
import { usePriceHold } from '../use-price-hold'
import { CancelOrderDialog } from './cancel-order-dialog'
import { OrderCard } from './order-facts'
import { ClosedOrderNotice, NoOrderCard } from './payment-step'
import { PriceExpiredNotice } from './price-hold'

/** The groups of methods, each with its name and hint (their messages' keys, `orders.method.<group>…`). */
const GROUPS: readonly MethodGroup[] = ['psps', 'banks', 'alts']

const isOpen = (status: OrderStatus) => OPEN_STATUSES.some((open) => open === status)

function MethodButton({
  label,
  hint,
  options,
  onChoose,
  disabled,
}: {
  label: string
  hint: string
  options: MethodGroupOptions
  onChoose: () => void
  disabled: boolean
}) {
  const hintId = useId()
  const names = options.options.map((option) => option.name).join(', ')
  return (
    <UnstyledButton
      onClick={onChoose}
      disabled={disabled}
      aria-label={label}
      aria-describedby={hintId}
      style={{ display: 'block', width: '100%', opacity: disabled ? 0.6 : 1 }}
    >
      <Paper withBorder radius="md" p="md" h="100%" className="method-option">
        <Stack gap={4}>
          <Text fw={700} fz="lg">
            {label}
          </Text>
          <Text id={hintId} size="sm" c="dimmed">
            {hint}
            {names ? (
              <>
                <br />
                {names}
              </>
            ) : null}
          </Text>
        </Stack>
      </Paper>
    </UnstyledButton>
  )
}

type PaymentMethods = Extract<OrderBuyGetMethodsAnswer, { result: true }>

interface PaymentMethodListProps {
  loading: boolean
  methods: PaymentMethods | null
  /** The api's answer, to word its refusal when it refused. */
  answer: OrderBuyGetMethodsAnswer | false | undefined
  disabled: boolean
  onChoose: (group: MethodGroup) => void
}

/** The groups of payment methods this order allows, one button each; a word when there is none. */
function PaymentMethodList({ loading, methods, answer, disabled, onChoose }: PaymentMethodListProps) {
  const t = useCatalog(ordersCatalog)
  const groups = methods ? GROUPS.filter((group) => methods[group].allowed) : []
  return (
    <Stack gap="sm" component="section" aria-label={t('orders.method.list')}>
      <Title order={2} fz="lg">
        {t('orders.method.title')}
      </Title>
      {loading ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }} role="status" aria-label={t('orders.method.loading')}>
          <Skeleton height={88} radius="md" />
          <Skeleton height={88} radius="md" />
        </SimpleGrid>
      ) : methods ? (
        groups.length > 0 ? (
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {groups.map((group) => (
              <MethodButton
                key={group}
                label={t(`orders.method.${group}`)}
                hint={t(`orders.method.${group}Hint`)}
                options={methods[group]}
                disabled={disabled}
                onChoose={() => onChoose(group)}
              />
            ))}
          </SimpleGrid>
        ) : (
          <Text size="sm">{t('orders.method.none')}</Text>
        )
      ) : (
        <Alert color="red">
          {answer && !answer.result ? orderAlertCopy(answer) : localizeCopy(ALERT_MESSAGES.somethingWentWrong)}
        </Alert>
      )}
    </Stack>
  )
}

/**
 * The customer picks a group of methods: spec section 4's routing leads to its next step, keeping the option chosen
 * for them when the group has only one. `choosing` is the group being kept on the order meanwhile.
 */
function useChooseMethod(
  reference: string | null,
  order: OrderSummary | null,
  methods: PaymentMethods | null,
  setError: (message: string | null) => void,
) {
  const brand = useBrand()
  const customer = useCustomer()
  const navigate = useNavigate()
  const selectMethod = useSelectPaymentMethod()
  const [choosing, setChoosing] = useState<MethodGroup | null>(null)

  async function choose(group: MethodGroup) {
    if (!methods || !order) return
    setError(null)
    const step = methodStep(WEB_PATHS.dashboard, group, methods[group].options, customer.details)
    if (!step) {
      setError(orderErrorCopy('method_unavailable') ?? localizeCopy(ALERT_MESSAGES.somethingWentWrong))
      return
    }
    if (step.selected) {
      setChoosing(group)
      const answer = await selectMethod
        .mutateAsync({
          orderReference: order.orderReference,
          group,
          optionId: step.selected.id,
          brandName: brand.brandName,
        })
        .catch(() => null)
      setChoosing(null)
      if (!answer || !answer.result) {
        setError(answer ? orderAlertCopy(answer) : localizeCopy(ALERT_MESSAGES.somethingWentWrong))
        return
      }
      updateSessionState(group === 'banks' ? { selectedBank: step.selected } : { selectedPsp: step.selected })
    }
    void navigate(pathForOrder(step.path, reference))
  }

  return { choose, choosing }
}

function MethodHeading() {
  const t = useCatalog(ordersCatalog)
  return (
    <Stack gap={4}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('orders.method.heading')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('orders.method.intro')}
      </Text>
    </Stack>
  )
}

/**
 * "Cancel order" while the order is open, asked once more in a dialog; once cancelled, the calculator opens. A refusal
 * goes to `setError`, to show above the button.
 */
function CancelOrderAction({
  active,
  open,
  setError,
}: {
  active: ActiveOrder
  open: boolean
  setError: (message: string | null) => void
}) {
  const t = useCatalog(ordersCatalog)
  const navigate = useNavigate()
  const [confirming, setConfirming] = useState(false)
  const { cancel, cancelling } = useCancelOrder((message) => {
    setConfirming(false)
    setError(message)
  })

  function cancelOrder() {
    setError(null)
    cancel(active, () => {
      setConfirming(false)
      void navigate(WEB_PATHS.dashboard)
    })
  }

  return (
    <>
      {open ? (
        <Group>
          <Button variant="default" color="red" onClick={() => setConfirming(true)}>
            {t('orders.list.cancel')}
          </Button>
        </Group>
      ) : null}
      <CancelOrderDialog
        orderReference={confirming ? active.orderReference : null}
        onConfirm={cancelOrder}
        onClose={() => setConfirming(false)}
        cancelling={cancelling !== null}
      />
    </>
  )
}

/** /dashboard-method: the started order and the ways it may be paid; the choice leads to the next step. */
export function MethodScreen() {
  const t = useCatalog(ordersCatalog)
  useOrderCopy()
  const brand = useBrand()
  const customer = useCustomer()
  const active = lookUpActiveOrder(customer.openOrder)
  const reference = active?.orderReference ?? null
  const detail = useOrderDetail(brand.brandName, reference)
  const methods = usePaymentMethods(brand.brandName, active && !endsActiveOrder(active.statusName) ? reference : null)
  const [error, setError] = useState<string | null>(null)

  const detailAnswer = detail.data
  const order = detailAnswer && detailAnswer.result ? detailAnswer.data.order : null
  const methodsAnswer = methods.data && methods.data.result ? methods.data : null
  const { expired } = usePriceHold(order?.priceExpiresAt)
  useKeptPaymentMethods(methodsAnswer)
  const { choose, choosing } = useChooseMethod(reference, order, methodsAnswer, setError)

  if (!active) return <NoOrderCard title={t('orders.method.heading')} />

  const orderOpen = order ? isOpen(order.statusName) : !endsActiveOrder(active.statusName)

  return (
    <Stack gap="lg" maw={880}>
      <BuySteps current="method" />
      <MethodHeading />

      <OrderCard
        order={order}
        loading={detail.isPending}
        fallback={
          <RichText
            catalog={ordersCatalog}
            id="orders.card.referenceAmount"
            values={{
              reference: active.orderReference,
              // The kept amount has the api's thousands commas ("1,250.00"): shown in the customer's numbers.
              amount: formatFiat(normalizeAmountInput(active.orderAmount), active.fiatCur),
            }}
            parts={[<strong />]}
          />
        }
      />

      {detailAnswer && !detailAnswer.result ? <Alert color="red">{orderAlertCopy(detailAnswer)}</Alert> : null}

      {detailAnswer && detailAnswer.result && detailAnswer.data.payoutHold && orderOpen ? (
        <PayoutHoldNotice hold={detailAnswer.data.payoutHold} />
      ) : null}

      {order && expired && (order.statusName === 'initiated' || order.statusName === 'expired') ? (
        <PriceExpiredNotice order={order} />
      ) : !orderOpen ? (
        <ClosedOrderNotice orderReference={active.orderReference} status={order?.statusName ?? active.statusName} />
      ) : (
        <PaymentMethodList
          loading={methods.isPending || detail.isPending}
          methods={methodsAnswer}
          answer={methods.data}
          disabled={choosing !== null || !order}
          onChoose={(group) => void choose(group)}
        />
      )}

      <FormAlert message={error} />

      <CancelOrderAction active={active} open={orderOpen} setError={setError} />
    </Stack>
  )
}

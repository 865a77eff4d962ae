import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { endsActiveOrder, OPEN_STATUSES, type MethodGroup, type OrderStatus } from '@exchange/shared/order-rules'
import type { MethodGroupOptions } from '@exchange/shared/orders.schemas'
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useEffect, useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { BuySteps } from '../../../components/ui/buy-steps'
import { FormAlert } from '../../../components/ui/form-alert'
import { lookUpActiveOrder } from '../../../lib/active-order'
import { pathForOrder } from '@exchange/shared/web-links'
import { useBrand } from '../../../lib/brand-context'
import { useCustomer } from '../../../lib/customer-context'
import { ORDER_ERROR_COPY, orderAlertCopy } from '../../../lib/order-copy'
import { updateSessionState } from '../../../lib/session-state'
import { useOrderDetail } from '../api/get-order-detail'
import { usePaymentMethods } from '../api/get-payment-methods'
import { useSelectPaymentMethod } from '../api/select-payment-method'
import { useUpdateOrderStatus } from '../api/update-order-status'
import { methodStep } from '../method-step'
import { statusLabel } from '../order-display'
import { usePriceHold } from '../use-price-hold'
import { CancelOrderDialog } from './cancel-order-dialog'
import { OrderCard } from './order-facts'
import { NoOrderCard } from './payment-step'
import { PriceExpiredNotice } from './price-hold'

const GROUPS: readonly { group: MethodGroup; label: string; hint: string }[] = [
  { group: 'psps', label: 'Card', hint: 'Pay by debit or credit card.' },
  { group: 'banks', label: 'Bank transfer', hint: 'Pay from your bank account.' },
  { group: 'alts', label: 'Other methods', hint: 'Other ways to pay.' },
]

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

interface MethodScreenProps {
  /** Where the order flow lives: '/dashboard' here, '/mp' in partner mode. */
  basePath?: string
}

/** /dashboard-method: the started order and the ways it may be paid; the choice leads to the next step. */
export function MethodScreen({ basePath = '/dashboard' }: MethodScreenProps) {
  const brand = useBrand()
  const customer = useCustomer()
  const navigate = useNavigate()
  const active = lookUpActiveOrder(customer.openOrder)
  const reference = active?.orderReference ?? null
  const detail = useOrderDetail(brand.brandName, reference)
  const methods = usePaymentMethods(brand.brandName, active && !endsActiveOrder(active.statusName) ? reference : null)
  const selectMethod = useSelectPaymentMethod()
  const updateStatus = useUpdateOrderStatus()
  const [error, setError] = useState<string | null>(null)
  const [choosing, setChoosing] = useState<MethodGroup | null>(null)
  const [confirmingCancel, setConfirmingCancel] = useState(false)

  const detailAnswer = detail.data
  const order = detailAnswer && detailAnswer.result ? detailAnswer.data.order : null
  const methodsAnswer = methods.data && methods.data.result ? methods.data : null
  const { expired } = usePriceHold(order?.priceExpiresAt)

  useEffect(() => {
    if (methodsAnswer) {
      updateSessionState({
        pspArray: methodsAnswer.psps.options,
        banksArray: methodsAnswer.banks.options,
        altMethodArray: methodsAnswer.alts.options,
      })
    }
  }, [methodsAnswer])

  if (!active) return <NoOrderCard title="Choose how to pay" />

  async function choose(group: MethodGroup) {
    if (!methodsAnswer || !order) return
    setError(null)
    const step = methodStep(basePath, group, methodsAnswer[group].options, customer.details)
    if (!step) {
      setError(ORDER_ERROR_COPY.method_unavailable ?? ALERT_MESSAGES.somethingWentWrong)
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
        setError(answer ? orderAlertCopy(answer) : ALERT_MESSAGES.somethingWentWrong)
        return
      }
      updateSessionState(group === 'banks' ? { selectedBank: step.selected } : { selectedPsp: step.selected })
    }
    void navigate(pathForOrder(step.path, reference))
  }

  function cancelOrder() {
    if (!active) return
    setError(null)
    updateStatus.mutate(
      { order: active, statusName: 'cancelled', brandName: brand.brandName },
      {
        onSuccess: (answer) => {
          setConfirmingCancel(false)
          if (!answer || !answer.result) {
            setError(answer ? orderAlertCopy(answer) : ALERT_MESSAGES.somethingWentWrong)
            return
          }
          notifications.show({
            color: 'gray',
            title: 'Order cancelled',
            message: `Order ${active.orderReference} cancelled`,
          })
          void navigate('/dashboard')
        },
        onError: () => {
          setConfirmingCancel(false)
          setError(ALERT_MESSAGES.somethingWentWrong)
        },
      },
    )
  }

  const orderOpen = order ? isOpen(order.statusName) : !endsActiveOrder(active.statusName)
  const groups = methodsAnswer ? GROUPS.filter(({ group }) => methodsAnswer[group].allowed) : []

  return (
    <Stack gap="lg" maw={880}>
      <BuySteps current="method" />
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Choose how to pay
        </Title>
        <Text c="dimmed" size="sm">
          Your order is started and its price is fixed. Choose a payment method to continue.
        </Text>
      </Stack>

      <OrderCard
        order={order}
        loading={detail.isPending}
        fallback={
          <>
            Reference <strong>{active.orderReference}</strong>, {active.orderAmount} {active.fiatCur.toUpperCase()}
          </>
        }
      />

      {detailAnswer && !detailAnswer.result ? <Alert color="red">{orderAlertCopy(detailAnswer)}</Alert> : null}

      {order && expired && (order.statusName === 'initiated' || order.statusName === 'expired') ? (
        <PriceExpiredNotice order={order} basePath={basePath} />
      ) : !orderOpen ? (
        <Alert
          color="gray"
          variant="light"
          title={`This order is ${statusLabel(order?.statusName ?? active.statusName).toLowerCase()}`}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Order {active.orderReference} can no longer be paid.</Text>
            <Anchor component={Link} to="/dashboard" fw={600} size="sm">
              Start a new order in the calculator
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <Stack gap="sm" component="section" aria-label="Payment methods">
          <Title order={2} fz="lg">
            Payment method
          </Title>
          {methods.isPending || detail.isPending ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }} role="status" aria-label="Loading payment methods">
              <Skeleton height={88} radius="md" />
              <Skeleton height={88} radius="md" />
            </SimpleGrid>
          ) : methodsAnswer ? (
            groups.length > 0 ? (
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                {groups.map(({ group, label, hint }) => (
                  <MethodButton
                    key={group}
                    label={label}
                    hint={hint}
                    options={methodsAnswer[group]}
                    disabled={choosing !== null || !order}
                    onChoose={() => void choose(group)}
                  />
                ))}
              </SimpleGrid>
            ) : (
              <Text size="sm">No payment method is available for this order. Please contact our support team.</Text>
            )
          ) : (
            <Alert color="red">
              {methods.data && !methods.data.result ? orderAlertCopy(methods.data) : ALERT_MESSAGES.somethingWentWrong}
            </Alert>
          )}
        </Stack>
      )}

      <FormAlert message={error} />

      {orderOpen ? (
        <Group>
          <Button variant="default" color="red" onClick={() => setConfirmingCancel(true)}>
            Cancel order
          </Button>
        </Group>
      ) : null}
      <CancelOrderDialog
        orderReference={confirmingCancel ? active.orderReference : null}
        onConfirm={cancelOrder}
        onClose={() => setConfirmingCancel(false)}
        cancelling={updateStatus.isPending}
      />
    </Stack>
  )
}

import { eq } from 'drizzle-orm'
import { compareAmounts } from '@exchange/shared/money'
import { OPEN_STATUSES, type MethodGroup } from '@exchange/shared/order-rules'
import type { MethodGroupOptions } from '@exchange/shared/orders.schemas'
import type { Database } from '../../db/client'
import { customers } from '../../db/tables/modules/customers'
import { type OrderPaymentWay, orders } from '../../db/tables/modules/orders'
import { AppError } from '../../errors'
import type { MethodOption } from '../../trading'
import { findOwnOrder } from './order-rows'
import type { OrderRow, OrderServiceDeps } from './orders-deps'

function optionsFor(
  { trading }: Pick<OrderServiceDeps, 'trading'>,
  group: MethodGroup,
  order: OrderRow,
  country: string | null,
): MethodOption[] {
  return trading.paymentMethods[group].filter((option) => {
    if (option.fiats && !option.fiats.includes(order.fiat)) return false
    if (option.minAmount && compareAmounts(order.fiatAmount, option.minAmount) < 0) return false
    if (option.maxAmount && compareAmounts(order.fiatAmount, option.maxAmount) > 0) return false
    if (option.countries && (!country || !option.countries.includes(country))) return false
    return true
  })
}

/** `orderBuyGetMethods`: the groups with the options that suit this order's fiat, amount and the customer's country. */
export async function paymentMethodsFor(
  deps: Pick<OrderServiceDeps, 'db' | 'trading'>,
  customerId: string,
  reference: string,
): Promise<Record<MethodGroup, MethodGroupOptions>> {
  const { db } = deps
  const order = await findOwnOrder(db, customerId, reference)
  const [customer] = await db.select({ country: customers.country }).from(customers).where(eq(customers.id, customerId))
  const group = (name: MethodGroup): MethodGroupOptions => {
    const options = optionsFor(deps, name, order, customer?.country ?? null).map(({ id, name: label, tlId }) => ({
      id,
      name: label,
      ...(tlId && { tlId }),
    }))
    return { options, allowed: options.length > 0, selected: order.methodGroup === name ? order.methodOption : null }
  }
  return { psps: group('psps'), banks: group('banks'), alts: group('alts') }
}

export async function selectPaymentMethod(
  deps: Pick<OrderServiceDeps, 'db' | 'clock' | 'trading'>,
  customerId: string,
  reference: string,
  group: MethodGroup,
  optionId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await findOwnOrder(tx, customerId, reference)
    if (!(OPEN_STATUSES as readonly string[]).includes(order.status)) throw new AppError('transition_not_allowed')
    const [customer] = await tx
      .select({ country: customers.country })
      .from(customers)
      .where(eq(customers.id, customerId))
    if (!optionsFor(deps, group, order, customer?.country ?? null).some((option) => option.id === optionId))
      throw new AppError('method_unavailable')
    await keepPaymentMethod(deps, tx, order.id, group, optionId)
  })
}

/** The way the order is paid, as the customer chose it (a method group and its option, or a bank method). */
export async function keepPaymentMethod(
  { clock }: Pick<OrderServiceDeps, 'clock'>,
  tx: Database,
  orderId: string,
  group: OrderPaymentWay,
  option: string,
): Promise<void> {
  await tx
    .update(orders)
    .set({ methodGroup: group, methodOption: option, updatedAt: clock.now() })
    .where(eq(orders.id, orderId))
}

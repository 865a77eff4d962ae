import { and, eq, inArray } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { customers } from '../../db/tables/modules/customers'
import { orders } from '../../db/tables/modules/orders'
import { payments } from '../../db/tables/modules/payments'
import { AppError, callProvider } from '../../errors'
import type { OpenBankingProvider } from '../../providers/open-banking/open-banking.provider'
import type { CardPspProvider } from '../../providers/psp/card-psp.provider'
import type { Visitor } from '../../providers/geoip/visitor-country'
import type { OrderRow, OrderService } from '../orders/orders.service'
import { createPaymentRecords } from './payment-records'
import { CUSTOMER_NOTES } from '@exchange/shared/order-notes'

export type HostedPaymentService = ReturnType<typeof createHostedPaymentService>

export interface HostedPaymentDeps {
  db: Database
  clock: Clock
  orderService: OrderService
  psp: CardPspProvider
  openBanking: OpenBankingProvider
  /** The journey engine's gate before any payment (decision 080): refuses with `step_required`. */
  assertMayPay: AssertMayPay
}

/** Refuses with `step_required` while the customer owes a step before paying (this order's wallet included). */
export type AssertMayPay = (
  customerId: string,
  /** The order's reference lets a declared wallet be judged with the order's amount (decision 084). */
  order: { crypto: string; wallet: string; reference: string } | null,
  visitor?: Visitor,
) => Promise<void>

const HOSTED_METHODS: readonly string[] = ['card', 'pay_by_bank']

/** The return page of both hosted flows; `{SESSION_ID}` becomes the checkout or consent id. */
const RETURN_URL = '/dashboard-returncc?session_id={SESSION_ID}'

/**
 * Payments on another party's page: card checkout at the PSP, and pay-by-bank consent at the customer's bank.
 * Starting one moves the order to awaiting payment; only the party's signed notice decides the outcome.
 */
export function createHostedPaymentService({
  db,
  clock,
  orderService,
  psp,
  openBanking,
  assertMayPay,
}: HostedPaymentDeps) {
  const records = createPaymentRecords({ clock })

  /**
   * An order takes a new card or pay-by-bank attempt while its price holds: when started, or when it awaits only
   * earlier hosted attempts (a checkout the customer left with the back button sends no notice). Whichever attempt
   * succeeds first pays; a later success of another is refunded (decisions 026, 048). An order awaiting a bank
   * transfer does not: that money may already be on its way.
   */
  async function assertTakesAttempt(tx: Database, order: OrderRow) {
    if (order.status === 'awaiting_payment') {
      const open = await records.openPaymentMethods(tx, order.id)
      if (open.some((method) => !HOSTED_METHODS.includes(method))) throw new AppError('transition_not_allowed')
    } else if (order.status !== 'initiated') throw new AppError('transition_not_allowed')
    if (order.priceExpiresAt <= clock.now()) throw new AppError('price_expired')
  }

  async function payableOrder(customerId: string, reference: string) {
    const order = await orderService.findOwnOrder(db, customerId, reference)
    await assertTakesAttempt(db, order)
    return order
  }

  /** An order that takes an attempt, of a customer who owes nothing before paying it (nothing is stored otherwise). */
  async function orderCustomerMayPay(customerId: string, reference: string, visitor?: Visitor) {
    const order = await payableOrder(customerId, reference)
    await assertMayPay(customerId, order, visitor)
    return order
  }

  async function recordStart(
    order: Awaited<ReturnType<typeof payableOrder>>,
    method: 'card' | 'pay_by_bank',
    provider: string,
    providerRef: string,
    cause: (anotherAttempt: boolean) => string,
  ) {
    await db.transaction(async (tx) => {
      // Read again with the row held: a notice of an earlier attempt may have reopened or paid the order meanwhile.
      const current = await orderService.lockOrder(tx, order.id)
      if (!current) throw new AppError('order_not_found')
      await assertTakesAttempt(tx, current)
      if (current.status === 'initiated')
        await orderService.applyTransition(tx, current, 'awaiting_payment', cause(false), 'customer')
      else await orderService.recordOrderNote(tx, current, cause(true), 'customer')
      await records.openPayment(tx, { order: current, method, provider, providerRef })
    })
  }

  async function startCardPayment(customerId: string, reference: string, pspId: string, visitor?: Visitor) {
    await orderCustomerMayPay(customerId, reference, visitor)
    await orderService.selectPaymentMethod(customerId, reference, 'psps', pspId)
    const order = await payableOrder(customerId, reference)
    const [customer] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId))
    const session = await callProvider(() =>
      psp.createCheckout({
        orderReference: order.reference,
        amount: order.fiatAmount,
        currency: order.fiat,
        customerEmail: customer?.email ?? '',
        returnUrl: RETURN_URL,
      }),
    )
    await recordStart(order, 'card', psp.kind, session.sessionId, CUSTOMER_NOTES.cardStarted.operator)
    return session
  }

  async function startPayByBank(customerId: string, reference: string, tlId: string, visitor?: Visitor) {
    await orderCustomerMayPay(customerId, reference, visitor)
    const bankOption = (await orderService.paymentMethodsFor(customerId, reference)).banks.options.find(
      (option) => option.tlId === tlId,
    )
    if (!bankOption) throw new AppError('method_unavailable')
    await orderService.selectPaymentMethod(customerId, reference, 'banks', bankOption.id)
    const order = await payableOrder(customerId, reference)
    const [customer] = await db
      .select({ firstName: customers.firstName, lastName: customers.lastName, email: customers.email })
      .from(customers)
      .where(eq(customers.id, customerId))
    const consent = await callProvider(() =>
      openBanking.createConsent({
        orderReference: order.reference,
        amount: order.fiatAmount,
        currency: order.fiat,
        bankId: tlId,
        payerName: [customer?.firstName, customer?.lastName].filter(Boolean).join(' ') || (customer?.email ?? ''),
        returnUrl: RETURN_URL,
      }),
    )
    await recordStart(order, 'pay_by_bank', openBanking.kind, consent.consentId, (again) =>
      CUSTOMER_NOTES.payByBankStarted.operator(bankOption.name, again),
    )
    return { sessionId: consent.consentId, authUrl: consent.authUrl }
  }

  async function paymentStatus(customerId: string, sessionId: string) {
    const [row] = await db
      .select({
        reference: orders.reference,
        orderStatus: orders.status,
        paymentStatus: payments.status,
        failureReason: payments.failureReason,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(
        and(
          eq(payments.providerRef, sessionId),
          inArray(payments.method, ['card', 'pay_by_bank']),
          eq(orders.customerId, customerId),
        ),
      )
    if (!row) throw new AppError('order_not_found')
    return {
      orderReference: row.reference,
      // A checkout cancelled because the order was paid another way reads as not gone through, with its reason.
      paymentStatus: row.paymentStatus === 'cancelled' ? ('failed' as const) : row.paymentStatus,
      orderStatus: row.orderStatus,
      failureReason: row.failureReason,
    }
  }

  return { startCardPayment, startPayByBank, paymentStatus }
}

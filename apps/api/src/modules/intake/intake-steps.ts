import type { OrderTrailEntry } from '@exchange/shared/order-trail'
import { eq } from 'drizzle-orm'
import { FIAT_DECIMALS } from '@exchange/shared/currencies'
import { compareAmounts, isDecimalString, scaleByBps } from '@exchange/shared/money'
import { type OrderStatus, isTransitionAllowed } from '@exchange/shared/order-rules'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { incomingTransfers } from '../../db/tables/modules/intake'
import { customers } from '../../db/tables/modules/customers'
import { AppError } from '../../errors'
import type { PersonName } from '../../providers/identity/identity.provider'
import type { RecentNameChange } from '../customers/customers.service'
import type { FulfilmentService } from '../fulfilment/fulfilment.service'
import type { OrderMail, OrderMailEvent, PendingOrderMail } from '../order-mail/order-mail'
import type { OrderRow, OrderService } from '../orders/orders.service'
import { createPaymentRecords } from '../payments/payment-records'
import type { RefundService } from '../refunds/refunds.service'

/** What payment intake is built from; each operation (bank transfers, hosted results, late and held money) uses it. */
export interface IntakeDeps {
  db: Database
  clock: Clock
  orderService: OrderService
  refunds: RefundService
  fulfilment: Pick<FulfilmentService, 'settlePaidOrder'>
  orderMail: OrderMail
  /** How far the current price may be worse than the order's before a late transfer needs the customer's consent. */
  repriceToleranceBps: number
  /**
   * The customers module's answer to "did this customer change an existing name within NAME_CHANGE_HOLD_HOURS?",
   * read in the deciding transaction (`recentNameChange`, decision 028).
   */
  recentNameChange: (customerId: string, options: { tx: Database }) => Promise<RecentNameChange | null>
  /**
   * The identity module's answer to "what name is on this customer's verified document?" (null before an approved
   * check): once there is one, it is the name payers are compared with, whatever the account says (decision 090).
   */
  verifiedNameOf: (customerId: string, options: { tx: Database }) => Promise<PersonName | null>
}

export type TransferRow = typeof incomingTransfers.$inferSelect
export type Actor = 'system' | 'operator' | 'customer'

/** An amount with at most the currency's decimals (a bank cannot move a thousandth of a euro). */
export function isWholeFiatAmount(amount: string): boolean {
  return isDecimalString(amount) && (amount.split('.')[1] ?? '').length <= FIAT_DECIMALS
}

/** The customer's mails about one order, gathered in a transaction and sent with it. */
export function mailsFor(email: string | undefined, reference: string | undefined) {
  const mails: PendingOrderMail[] = []
  const tell = (event: OrderMailEvent) => {
    if (email && reference) mails.push({ to: email, reference, event })
  }
  return { mails, tell }
}

export type IntakeSteps = ReturnType<typeof createIntakeSteps>
export type CurrentPrice = Awaited<ReturnType<IntakeSteps['currentPriceFor']>>

/** The steps every operation of payment intake shares: the customer, moving an order, and the price of now. */
export function createIntakeSteps({ clock, orderService, repriceToleranceBps, verifiedNameOf }: IntakeDeps) {
  const payments = createPaymentRecords({ clock })

  /** The customer's e-mail, and the name a payer must have: the verified document's, else the declared one. */
  async function customerOf(tx: Database, customerId: string) {
    const [customer] = await tx
      .select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .where(eq(customers.id, customerId))
    if (!customer) return undefined
    const verified = await verifiedNameOf(customerId, { tx })
    return verified ? { ...customer, ...verified } : customer
  }

  /**
   * Moves an order to `to` through the steps the transition table asks for: an initiated order paid by reference
   * first awaits payment; an open order refunded for lateness first expires.
   */
  async function moveOrder(tx: Database, order: OrderRow, to: OrderStatus, entry: OrderTrailEntry, actor: Actor) {
    let current = order
    if (current.status === to) return current
    if (!isTransitionAllowed(current.status, to)) {
      const via: OrderStatus = current.status === 'initiated' && to === 'paid' ? 'awaiting_payment' : 'expired'
      current = await orderService.applyTransition(tx, current, via, entry, actor)
    }
    return orderService.applyTransition(tx, current, to, entry, actor)
  }

  /** Whether buying now, at the current price, is within the tolerance of the order's price (decision 025). */
  async function currentPriceFor(order: OrderRow, amount: string) {
    const limits = orderService.checkLimits(order.fiat, amount)
    if (!limits.within) return null
    try {
      const priced = await orderService.fixPrice(order.crypto, order.fiat, limits.amount)
      const ceiling = scaleByBps(order.customerRate, repriceToleranceBps, 10)
      return { priced, limits, withinTolerance: compareAmounts(priced.quote.rate, ceiling) <= 0 }
    } catch (error) {
      // No fresh price to buy at: the customer decides later instead of a guess now.
      if (error instanceof AppError) return null
      throw error
    }
  }

  return { payments, customerOf, moveOrder, currentPriceFor }
}

/** An operation written as a function of the parts, with the parts given once (the operation files' factories). */
export function given<P, A extends unknown[], R>(parts: P, operation: (parts: P, ...args: A) => R) {
  return (...args: A) => operation(parts, ...args)
}

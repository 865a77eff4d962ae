import type { OrderStatus } from '@exchange/shared/order-rules'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { LiquidityProvider } from '../../providers/liquidity/liquidity.provider'
import type { OrderMail } from '../order-mail/order-mail'
import type { OrderRow, OrderService } from '../orders/orders.service'

/** A step the customer still owes before crypto may leave for them, as the customer is told of it. */
export interface PayoutStep {
  /** The journey's step id, e.g. `identity`. */
  step: string
  /** What the customer is asked to do, after "The law asks us to …", e.g. "confirm your identity". */
  what: string
  /** Where the customer does it. */
  link: string
  /** The step was refused for good (a final identity rejection): the order's money goes back instead of waiting. */
  refused?: boolean
  /**
   * `security_hold` (decision 126): the payout to this new wallet waits until then, for the account event `reason`;
   * nothing is asked of the customer, and the settlement sweep sends it on once the time has passed.
   */
  hold?: { until: Date; reason: string }
}

/**
 * The hold on a payout of the order's coin to its wallet (decision 126), read in `tx` after it took the customer's
 * row: until when, why, and the order's page that says so.
 */
export type SecurityHoldCheck = (
  tx: Database,
  customerId: string,
  order: { reference: string; crypto: string; wallet: string },
) => Promise<{ until: Date; reason: string; link: string } | null>

export interface FulfilmentDeps {
  db: Database
  clock: Clock
  orderService: OrderService
  liquidity: LiquidityProvider
  orderMail: OrderMail
  /** Where the customer gives the wallet of a paid order that has none (the web's order page). */
  walletLink: (reference: string) => string
  /**
   * The step that holds the payout of this order (its wallet included), or null when none does (the journey engine,
   * decisions 033 and 039).
   */
  payoutGate: (
    customerId: string,
    order: { reference: string; crypto: string; wallet: string },
  ) => Promise<PayoutStep | null>
  /**
   * The last look before coins leave (decision 126): a security change committed after the gate let the order through
   * still holds it. Absent: no last look (the gate alone decides).
   */
  securityHoldAtWithdrawal?: SecurityHoldCheck
  /** The wallets module's: whether the customer proved this wallet for this order (decision 084). */
  isWalletProven: (customerId: string, crypto: string, address: string, orderReference: string) => Promise<boolean>
  /** Refunds a paid order this module holds under its lease (the refunds module's door); answers its new status. */
  refundHeldOrder: (order: OrderRow, reason: string) => Promise<OrderStatus>
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void }
}

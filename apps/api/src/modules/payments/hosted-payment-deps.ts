import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { OpenBankingProvider } from '../../providers/open-banking/open-banking.provider'
import type { CardPspProvider } from '../../providers/psp/card-psp.provider'
import type { Visitor } from '../../providers/geoip/visitor-country'
import type { OrderService } from '../orders/orders.service'

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

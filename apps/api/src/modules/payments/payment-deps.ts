import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { BankPartnerProvider } from '../../providers/bank/bank-partner.provider'
import type { TradingConfig } from '../../trading'
import type { OrderService } from '../orders/orders.service'
import type { AssertMayPay } from './hosted-payment-deps'

export interface PaymentServiceDeps {
  db: Database
  clock: Clock
  orderService: OrderService
  bank: BankPartnerProvider
  trading: TradingConfig
  /** The journey engine's gate before any payment (decision 080): refuses with `step_required`. */
  assertMayPay: AssertMayPay
}

import type { OrderEvent } from '@exchange/shared/orders.schemas'
import type { ChainNetwork } from '@exchange/shared/explorers'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { Visitor } from '../../providers/geoip/visitor-country'
import type { orders } from '../../db/tables/modules/orders'
import type { TradingConfig } from '../../trading'
import type { MailService } from '../mail/mail.service'
import type { RatesService } from '../rates/rates.service'

export interface OrderServiceDeps {
  db: Database
  clock: Clock
  rates: RatesService
  mail: MailService
  trading: TradingConfig
  quoteTtlSeconds: number
  /**
   * The journey engine's gate: refuses with `step_required` while the customer owes a step (decision 036). The caller
   * of the request decides whether the UK steps are asked by visitor country (decision 040).
   */
  assertMayStartOrder: (customerId: string, visitor?: Visitor) => Promise<void>
  /** The journey engine's gate before paying an order (decision 080): refuses with `step_required`. */
  assertMayPay: (
    customerId: string,
    order: { crypto: string; wallet: string; reference: string },
    visitor?: Visitor,
  ) => Promise<void>
  /**
   * The terms of the partner's visit a session is bound to (decision 114): what a locked prefill keeps, and what the
   * order is stamped with. Absent or undefined: the order is the customer's own.
   */
  partnerVisitOf?: (partnerSessionId: string) => Promise<PartnerVisitTerms | undefined>
  /**
   * The hold a payout of this order would meet now, after a security change (decision 126): the order's screens say it
   * before the customer pays, and while the paid order waits. Absent: never held.
   */
  payoutHoldOf?: (
    customerId: string,
    order: { reference: string; crypto: string; wallet: string },
  ) => Promise<{ until: Date; reason: string } | null>
  /** Where the liquidity provider delivers coins: a testnet links deliveries to the testnet explorers. */
  chainNetwork?: ChainNetwork
}

export type OrderRow = typeof orders.$inferSelect

/** What a partner set for the order of its customer's visit, and whether the customer may change it. */
export interface PartnerVisitTerms {
  partnerId: string
  partnerOrderId: string | null
  prefill: { fiat?: string; crypto?: string; fiatAmount?: string; wallet?: string }
  locked: boolean
}

/** Who moved an order or wrote a line of its trail: the customer, an operator or the system. */
export type Actor = OrderEvent['actor']

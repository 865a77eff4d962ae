import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { LiquidityProvider } from '../../providers/liquidity/liquidity.provider'
import { createFulfilmentService, type PayoutStep, type SecurityHoldCheck } from '../fulfilment/fulfilment.service'
import type { MailService } from '../mail/mail.service'
import { createOrderMail } from '../order-mail/order-mail'
import type { OrderService } from '../orders/orders.service'
import type { HostedPaymentReconciliation } from '../reconciliation/hosted-payment-reconciliation'
import { createHeldOrderRefund, createPaidOrderRefunds } from '../refunds/paid-order-refunds'
import { createRefundService } from '../refunds/refunds.service'
import { createBankTransfers } from './bank-transfers'
import { createHeldTransfers } from './held-transfers'
import { type HostedResults, createHostedResults } from './hosted-results'
import type { IntakeParts } from './intake-parts'
import { type IntakeDeps, createIntakeSteps } from './intake-steps'
import { createLatePayments } from './late-payments'
import { createTransferEffects } from './transfer-effects'
import { createTransferFacts } from './transfer-facts'

/** Queued with a decided check of a customer: their orders held for checks move on (decision 033). */
export const CUSTOMER_CHECKS_CHANGED_JOB = 'customer-checks-changed'

export interface MoneyInDeps {
  db: Database
  clock: Clock
  orderService: OrderService
  liquidity: LiquidityProvider
  mail: MailService
  /** How far a late bank transfer's current price may be worse than its order's before the customer decides. */
  repriceToleranceBps: number
  /** The page where a customer gives the wallet of a paid order that has none. */
  walletLink: (reference: string) => string
  /**
   * The step that holds a payout (of this order, or of the customer's paid orders), and whether it was refused for
   * good (decisions 033, 039).
   */
  payoutGate: (
    customerId: string,
    order?: { reference: string; crypto: string; wallet: string },
  ) => Promise<(PayoutStep & { refused: boolean }) | null>
  /** Asks the providers about hosted payments near their order's end (decision 028); absent, nothing is asked. */
  reconciliation?: HostedPaymentReconciliation
  /** The customers module's `recentNameChange`: payments soon after a change of name are held (decision 028). */
  recentNameChange: IntakeDeps['recentNameChange']
  /** The identity module's `verifiedNameOf`: payers are compared with the verified document's name (decision 090). */
  verifiedNameOf: IntakeDeps['verifiedNameOf']
  isWalletProven: (customerId: string, crypto: string, address: string, orderReference: string) => Promise<boolean>
  /** The accounts module's last look at a security hold before coins leave (decision 126). */
  securityHoldAtWithdrawal?: SecurityHoldCheck
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void }
}

/**
 * Hosted payments still open when their order is about to end (or just ended) are asked about at the provider, and
 * each confirmed answer goes through payment intake exactly as the provider's notice would: stored first under a
 * stable event id, decided once with the order locked. A lost notice so pays its order before the order expires;
 * the real notice arriving later is a no-op. Answers how many outcomes were newly decided.
 */
async function reconcileHostedPayments(
  deps: Pick<MoneyInDeps, 'reconciliation' | 'log'>,
  receive: HostedResults['receiveHostedPaymentResult'],
  options: { withinSeconds: number; includeEnded?: boolean },
) {
  if (!deps.reconciliation) return 0
  const confirmed = await deps.reconciliation.confirmedOutcomesOfExpiringPayments({ ...options, log: deps.log })
  let decided = 0
  for (const { provider, event, orderReference } of confirmed) {
    try {
      const { duplicate } = await receive(provider, event)
      if (!duplicate) decided++
    } catch (error) {
      // Left undecided in webhook_events; the next run (or the provider's own notice) decides it.
      deps.log.error({ err: error, order: orderReference, provider }, 'reconciled hosted payment not decided')
    }
  }
  return decided
}

export type MoneyIn = ReturnType<typeof createMoneyIn>

/**
 * Money in, by operation: bank transfers, hosted card and pay-by-bank results, late payments and held transfers, and
 * what follows a paid order (fulfilment: buy, withdraw, deliver; refunds of paid orders). Built once here because the
 * operations share one order-mail, one refund queue and one fulfilment; each table is written by its own module only
 * (eslint.config.js). Intake is the only writer of `incoming_transfers` and `webhook_events`: every notice is stored
 * first, keyed by its transfer or event id, then decided with the order locked, in one transaction with every effect,
 * so a 2xx always means the effect is stored.
 */
export function createMoneyIn(deps: MoneyInDeps) {
  const { db, clock, orderService } = deps
  const orderMail = createOrderMail({ mail: deps.mail })
  const refunds = createRefundService({ clock })
  const held = createHeldOrderRefund({ db, orderService, refunds, orderMail })
  const fulfilment = createFulfilmentService({
    db,
    clock,
    orderService,
    liquidity: deps.liquidity,
    orderMail,
    walletLink: deps.walletLink,
    payoutGate: deps.payoutGate,
    isWalletProven: deps.isWalletProven,
    securityHoldAtWithdrawal: deps.securityHoldAtWithdrawal,
    refundHeldOrder: held.refundHeldOrder,
    log: deps.log,
  })
  const intakeDeps: IntakeDeps = {
    db,
    clock,
    orderService,
    refunds,
    fulfilment,
    orderMail,
    repriceToleranceBps: deps.repriceToleranceBps,
    recentNameChange: deps.recentNameChange,
    verifiedNameOf: deps.verifiedNameOf,
  }
  const steps = createIntakeSteps(intakeDeps)
  const parts: IntakeParts = {
    ...intakeDeps,
    ...steps,
    ...createTransferFacts(intakeDeps),
    ...createTransferEffects(intakeDeps, steps),
  }
  const hostedResults = createHostedResults(parts)
  const paidOrderRefunds = createPaidOrderRefunds({ db, clock, orderService, fulfilment, held })

  return {
    ...createBankTransfers(parts),
    ...hostedResults,
    ...createLatePayments(parts),
    ...createHeldTransfers(parts),
    reconcileHostedPayments: (options: { withinSeconds: number; includeEnded?: boolean }) =>
      reconcileHostedPayments(deps, hostedResults.receiveHostedPaymentResult, options),
    /**
     * A fact of the customer changed (a check decided, a wallet proven, details or answers given; the
     * `customer-checks-changed` job): each order waiting for checks is settled under its lease, which buys and
     * delivers it when nothing is owed for it any more, refunds it in full when a step was refused for good (decision
     * 080), and leaves it waiting otherwise. The same job run twice, or in two processes at once, refunds once.
     */
    customerChecksChanged: fulfilment.resumeOrdersOf,
    settlePaidOrder: fulfilment.settlePaidOrder,
    settleWaitingOrders: fulfilment.settleWaitingOrders,
    withdrawalsToCheck: fulfilment.withdrawalsToCheck,
    recordDelivery: fulfilment.recordDelivery,
    retryWithdrawal: fulfilment.retryWithdrawal,
    sendOwnOrderToBroker: fulfilment.sendOwnOrderToBroker,
    giveWalletOfPaidOrder: fulfilment.giveWalletOfPaidOrder,
    chooseWalletOfWaitingOrder: fulfilment.chooseWalletOfWaitingOrder,
    refundPaidOrder: paidOrderRefunds.refundPaidOrder,
    refundPaidOrderIn: paidOrderRefunds.refundPaidOrderIn,
    refundWaitingOrderForCustomer: paidOrderRefunds.refundWaitingOrderForCustomer,
  }
}

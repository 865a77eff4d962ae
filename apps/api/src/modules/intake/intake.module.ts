import { payoutStepScreen } from '@exchange/shared/journey-steps'
import { type Core, type ModuleParts, type Parties, recurringJob } from '../module-kit'
import type { OrderService } from '../orders/orders.service'
import { createHostedPaymentReconciliation } from '../reconciliation/hosted-payment-reconciliation'
import { CUSTOMER_CHECKS_CHANGED_JOB, type MoneyInDeps, createMoneyIn } from './money-in'

/** How often hosted payments near their order's end are asked about at the provider (decision 034). */
const RECONCILE_HOSTED_PAYMENTS_SECONDS = 60

/** Money in (decision 102): what happens once money arrives, and the jobs that move waiting and held orders on. */
export function intakeModule(
  { config, db, clock, mail, log, publicUrl }: Core,
  parties: Pick<Parties, 'psp' | 'openBanking' | 'liquidity'>,
  needs: Pick<
    MoneyInDeps,
    'recentNameChange' | 'verifiedNameOf' | 'payoutGate' | 'isWalletProven' | 'securityHoldAtWithdrawal'
  > & {
    orders: OrderService
  },
) {
  const moneyIn = createMoneyIn({
    db,
    clock,
    orderService: needs.orders,
    liquidity: parties.liquidity,
    mail,
    repriceToleranceBps: config.bankRepriceToleranceBps,
    recentNameChange: needs.recentNameChange,
    verifiedNameOf: needs.verifiedNameOf,
    reconciliation: createHostedPaymentReconciliation({
      db,
      clock,
      psp: parties.psp,
      openBanking: parties.openBanking,
    }),
    walletLink: (reference) => `${publicUrl}${payoutStepScreen('wallet', reference)}`,
    payoutGate: needs.payoutGate,
    isWalletProven: needs.isWalletProven,
    securityHoldAtWithdrawal: needs.securityHoldAtWithdrawal,
    log,
  })
  // Hosted payments still open near their order's end are asked about at the provider (a notice may have been lost
  // to a crash), far enough ahead that each is asked at least once before the order ends (decision 034).
  const reconcileHostedPayments = () =>
    moneyIn.reconcileHostedPayments({ withinSeconds: 2 * RECONCILE_HOSTED_PAYMENTS_SECONDS })
  // An order is never expired on a lost notice: its open hosted payments are asked about once more, right before.
  const expireOrders = async () => {
    await moneyIn.reconcileHostedPayments({ withinSeconds: 0, includeEnded: false })
    return needs.orders.expireOrders()
  }
  const parts: ModuleParts = {
    jobs: [
      recurringJob('expire-orders', config.orderExpirySweepSeconds, 60, expireOrders),
      recurringJob('settle-waiting-orders', 30, 300, moneyIn.settleWaitingOrders),
      {
        name: CUSTOMER_CHECKS_CHANGED_JOB,
        retryLimit: 8,
        retryDelaySeconds: 5,
        timeoutSeconds: 300,
        pollSeconds: 1,
        run: (data) => moneyIn.customerChecksChanged((data as { customerId: string }).customerId),
      },
      recurringJob('reconcile-hosted-payments', RECONCILE_HOSTED_PAYMENTS_SECONDS, 120, reconcileHostedPayments),
    ],
  }
  return { moneyIn, reconcileHostedPayments, expireOrders, parts }
}

import type { Core, ModuleParts, Parties } from '../module-kit'
import type { OrderService } from '../orders/orders.service'
import type { AssertMayPay } from './hosted-payment-deps'
import { createHostedPaymentService } from './hosted-payments.service'
import { type PaidOrderCalls, paymentUserRoutes } from './payments.routes'
import { createPaymentService } from './payments.service'

/** The four ways to pay: wire and virtual IBAN at the bank partner, card and pay-by-bank on hosted pages. */
export function paymentsModule(
  { db, clock, trading }: Core,
  parties: Pick<Parties, 'bank' | 'psp' | 'openBanking'>,
  needs: { orders: OrderService; moneyIn: PaidOrderCalls; assertMayPay: AssertMayPay },
) {
  const { orders: orderService, moneyIn, assertMayPay } = needs
  const payments = createPaymentService({ db, clock, orderService, bank: parties.bank, trading, assertMayPay })
  const hosted = createHostedPaymentService({ db, clock, orderService, ...parties, assertMayPay })
  const parts: ModuleParts = {
    routes: [{ scope: 'user', routes: paymentUserRoutes({ payments, moneyIn, hosted }) }],
  }
  return { parts }
}

import type { Parties } from '../module-kit'
import type { Core } from '../module-kit'
import type { ModuleParts } from '../module-kit'
import type { OrderService } from '../orders/orders.service'
import type { MoneyIn } from '../intake/money-in'
import { type AssertMayPay, createHostedPaymentService } from './hosted-payments.service'
import { paymentUserRoutes } from './payments.routes'
import { createPaymentService } from './payments.service'

/** The four ways to pay: wire and virtual IBAN at the bank partner, card and pay-by-bank on hosted pages. */
export function paymentsModule(
  { db, clock, trading }: Core,
  parties: Pick<Parties, 'bank' | 'psp' | 'openBanking'>,
  needs: { orders: OrderService; moneyIn: MoneyIn; assertMayPay: AssertMayPay },
) {
  const { orders: orderService, moneyIn, assertMayPay } = needs
  const payments = createPaymentService({ db, clock, orderService, bank: parties.bank, trading, assertMayPay })
  const hosted = createHostedPaymentService({ db, clock, orderService, ...parties, assertMayPay })
  const parts: ModuleParts = {
    routes: [{ scope: 'user', routes: paymentUserRoutes({ payments, moneyIn, hosted }) }],
  }
  return { parts }
}

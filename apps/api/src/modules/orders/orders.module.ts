import type { AnswerOnce } from '../request-keys/answer-once'
import type { Core, ModuleParts } from '../module-kit'
import { orderPublicRoutes, orderUserRoutes } from './orders.routes'
import { type OrderServiceDeps, createOrderService } from './orders.service'

/** Buy orders: quotes, limits, the order's life until it is paid (decision 013). */
export function ordersModule(
  { config, db, clock, mail, trading }: Core,
  needs: Pick<
    OrderServiceDeps,
    'rates' | 'assertMayStartOrder' | 'assertMayPay' | 'partnerVisitOf' | 'payoutHoldOf'
  > & {
    answerOnce: AnswerOnce
  },
) {
  const orders = createOrderService({
    db,
    clock,
    mail,
    trading,
    rates: needs.rates,
    quoteTtlSeconds: config.quoteTtlSeconds,
    assertMayStartOrder: needs.assertMayStartOrder,
    assertMayPay: needs.assertMayPay,
    partnerVisitOf: needs.partnerVisitOf,
    payoutHoldOf: needs.payoutHoldOf,
    chainNetwork: config.liquidity.kind === 'ccxt' && config.liquidity.testnet ? 'testnet' : 'mainnet',
  })
  const parts: ModuleParts = {
    routes: [
      { scope: 'public', routes: orderPublicRoutes({ orders }) },
      { scope: 'user', routes: orderUserRoutes({ orders, answerOnce: needs.answerOnce }) },
    ],
  }
  return { orders, parts }
}

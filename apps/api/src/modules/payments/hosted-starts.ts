import { partnerTwinOf } from '@exchange/shared/web-links'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { eq } from 'drizzle-orm'
import { customers } from '../../db/tables/modules/customers'
import { AppError, callProvider } from '../../errors'
import type { Visitor } from '../../providers/geoip/visitor-country'
import { orderCustomerMayPay, payableOrder, recordStart } from './hosted-attempts'
import type { HostedPaymentDeps } from './hosted-payment-deps'

/**
 * The return page of both hosted flows; `{SESSION_ID}` becomes the checkout or consent id. An order a partner's
 * customer started returns to the partner mode's twin of the page, inside the partner's frame.
 */
const returnUrlOf = (order: { partnerSessionId: string | null }) =>
  `${order.partnerSessionId ? partnerTwinOf(WEB_PATHS.returnCard) : WEB_PATHS.returnCard}?session_id={SESSION_ID}`

/** `orderStartCard`: the PSP's hosted checkout for this order, with the card chosen as its way to pay. */
export async function startCardPayment(
  deps: HostedPaymentDeps,
  customerId: string,
  reference: string,
  pspId: string,
  visitor?: Visitor,
) {
  const { db, orderService, psp } = deps
  await orderCustomerMayPay(deps, customerId, reference, visitor)
  await orderService.selectPaymentMethod(customerId, reference, 'psps', pspId)
  const order = await payableOrder(deps, customerId, reference)
  const [customer] = await db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId))
  const session = await callProvider(() =>
    psp.createCheckout({
      orderReference: order.reference,
      amount: order.fiatAmount,
      currency: order.fiat,
      customerEmail: customer?.email ?? '',
      returnUrl: returnUrlOf(order),
    }),
  )
  await recordStart(deps, order, 'card', psp.kind, session.sessionId, (again) => ({
    kind: 'card_checkout_started',
    again,
  }))
  return session
}

/** `orderStartPayByBank`: the consent page of the customer's bank for this order, that bank chosen to pay it. */
export async function startPayByBank(
  deps: HostedPaymentDeps,
  customerId: string,
  reference: string,
  tlId: string,
  visitor?: Visitor,
) {
  const { db, orderService, openBanking } = deps
  await orderCustomerMayPay(deps, customerId, reference, visitor)
  const bankOption = (await orderService.paymentMethodsFor(customerId, reference)).banks.options.find(
    (option) => option.tlId === tlId,
  )
  if (!bankOption) throw new AppError('method_unavailable')
  await orderService.selectPaymentMethod(customerId, reference, 'banks', bankOption.id)
  const order = await payableOrder(deps, customerId, reference)
  const [customer] = await db
    .select({ firstName: customers.firstName, lastName: customers.lastName, email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId))
  const consent = await callProvider(() =>
    openBanking.createConsent({
      orderReference: order.reference,
      amount: order.fiatAmount,
      currency: order.fiat,
      bankId: tlId,
      payerName: [customer?.firstName, customer?.lastName].filter(Boolean).join(' ') || (customer?.email ?? ''),
      returnUrl: returnUrlOf(order),
    }),
  )
  await recordStart(deps, order, 'pay_by_bank', openBanking.kind, consent.consentId, (again) => ({
    kind: 'pay_by_bank_started',
    bank: bankOption.name,
    again,
  }))
  return { sessionId: consent.consentId, authUrl: consent.authUrl }
}

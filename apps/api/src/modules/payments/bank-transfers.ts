import type { FiatCurrency } from '@exchange/shared/currencies'
import type { BankAccountDetails, TransferInstructions } from '@exchange/shared/payments.schemas'
import { AppError } from '../../errors'
import type { BankAccount } from '../../providers/bank/bank-partner.provider'
import type { Visitor } from '../../providers/geoip/visitor-country'
import type { PaymentServiceDeps } from './payment-deps'
import { openPayment } from './payment-records'

/** Only the account's public details, whatever else its stored row holds. */
export function accountDetails(
  { bank }: Pick<PaymentServiceDeps, 'bank'>,
  { iban, bic, holder, bankName, bankAddress }: BankAccount,
): BankAccountDetails {
  return { iban, bic, holder, bankName, bankAddress, sandbox: bank.sandbox }
}

export function instructions(
  account: BankAccountDetails,
  order: { reference: string; fiatAmount: string; fiat: FiatCurrency },
): TransferInstructions {
  return { ...account, reference: order.reference, amount: order.fiatAmount, currency: order.fiat }
}

/** Moves an open order to awaiting payment by this method, once; a second submit answers the same instructions. */
export async function startBankPayment(
  deps: PaymentServiceDeps,
  customerId: string,
  reference: string,
  method: 'wire' | 'viban',
  providerRef: string,
) {
  const { db, clock, orderService, bank } = deps
  return db.transaction(async (tx) => {
    const order = await orderService.findOwnOrder(tx, customerId, reference)
    if (order.status === 'awaiting_payment' && order.methodGroup === method) return order
    if (order.status !== 'initiated') throw new AppError('transition_not_allowed')
    if (order.priceExpiresAt <= clock.now()) throw new AppError('price_expired')
    const chose = { kind: method === 'wire' ? 'wire_chosen' : 'viban_chosen' } as const
    const moved = await orderService.applyTransition(tx, order, 'awaiting_payment', chose, 'customer')
    await orderService.keepPaymentMethod(tx, order.id, method, providerRef)
    await openPayment(deps, tx, { order, method, provider: bank.kind, providerRef })
    return moved
  })
}

/** `orderSubmitWire`: the transfer details for this order, with its reference as the payment reference. */
export async function submitWire(
  deps: PaymentServiceDeps,
  customerId: string,
  reference: string,
  tlId: string,
  visitor?: Visitor,
): Promise<TransferInstructions> {
  const { db, orderService, bank, trading, assertMayPay } = deps
  const current = await orderService.findOwnOrder(db, customerId, reference)
  // Asked again when the instructions are shown again: a check refused since then stops further transfers.
  await assertMayPay(customerId, current, visitor)
  const bankOption = trading.paymentMethods.banks.find((option) => option.tlId === tlId || option.id === tlId)
  if (!bankOption) throw new AppError('method_unavailable')
  const account = bank.receivingAccount(current.fiat)
  if (!account) throw new AppError('method_unavailable')
  const order = await startBankPayment(deps, customerId, reference, 'wire', bankOption.tlId ?? bankOption.id)
  return instructions(accountDetails(deps, account), order)
}

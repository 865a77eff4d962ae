import { and, desc, eq } from 'drizzle-orm'
import type { FiatCurrency } from '@exchange/shared/currencies'
import type { BankAccountDetails, TransferInstructions } from '@exchange/shared/payments.schemas'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { isUniqueViolation } from '../../db/errors'
import { customers } from '../../db/tables/modules/customers'
import { orders } from '../../db/tables/modules/orders'
import { virtualIbans } from '../../db/tables/modules/payments'
import { AppError, callProvider } from '../../errors'
import type { BankAccount, BankPartnerProvider } from '../../providers/bank/bank-partner.provider'
import type { TradingConfig } from '../../trading'
import type { Visitor } from '../../providers/geoip/visitor-country'
import type { OrderService } from '../orders/orders.service'
import type { AssertMayPay } from './hosted-payments.service'
import { createPaymentRecords } from './payment-records'
import { CUSTOMER_NOTES } from '@exchange/shared/order-notes'

export interface PaymentServiceDeps {
  db: Database
  clock: Clock
  orderService: OrderService
  bank: BankPartnerProvider
  trading: TradingConfig
  /** The journey engine's gate before any payment (decision 080): refuses with `step_required`. */
  assertMayPay: AssertMayPay
}

export type PaymentService = ReturnType<typeof createPaymentService>

/** Bank-side payment: wire transfers to the company's account and transfers to the customer's virtual IBAN. */
export function createPaymentService({ db, clock, orderService, bank, trading, assertMayPay }: PaymentServiceDeps) {
  const records = createPaymentRecords({ clock })
  /** Only the account's public details, whatever else its stored row holds. */
  function accountDetails({ iban, bic, holder, bankName, bankAddress }: BankAccount): BankAccountDetails {
    return { iban, bic, holder, bankName, bankAddress, sandbox: bank.sandbox }
  }

  function instructions(
    account: BankAccountDetails,
    order: { reference: string; fiatAmount: string; fiat: FiatCurrency },
  ): TransferInstructions {
    return { ...account, reference: order.reference, amount: order.fiatAmount, currency: order.fiat }
  }

  /** Moves an open order to awaiting payment by this method, once; a second submit answers the same instructions. */
  async function startBankPayment(
    customerId: string,
    reference: string,
    method: 'wire' | 'viban',
    providerRef: string,
  ) {
    return db.transaction(async (tx) => {
      const order = await orderService.findOwnOrder(tx, customerId, reference)
      if (order.status === 'awaiting_payment' && order.methodGroup === method) return order
      if (order.status !== 'initiated') throw new AppError('transition_not_allowed')
      if (order.priceExpiresAt <= clock.now()) throw new AppError('price_expired')
      const cause = method === 'wire' ? CUSTOMER_NOTES.choseWire.operator() : CUSTOMER_NOTES.choseViban.operator()
      const moved = await orderService.applyTransition(tx, order, 'awaiting_payment', cause, 'customer')
      await orderService.keepPaymentMethod(tx, order.id, method, providerRef)
      await records.openPayment(tx, { order, method, provider: bank.kind, providerRef })
      return moved
    })
  }

  /** `orderSubmitWire`: the transfer details for this order, with its reference as the payment reference. */
  async function submitWire(
    customerId: string,
    reference: string,
    tlId: string,
    visitor?: Visitor,
  ): Promise<TransferInstructions> {
    const current = await orderService.findOwnOrder(db, customerId, reference)
    // Asked again when the instructions are shown again: a check refused since then stops further transfers.
    await assertMayPay(customerId, current, visitor)
    const bankOption = trading.paymentMethods.banks.find((option) => option.tlId === tlId || option.id === tlId)
    if (!bankOption) throw new AppError('method_unavailable')
    const account = bank.receivingAccount(current.fiat)
    if (!account) throw new AppError('method_unavailable')
    const order = await startBankPayment(customerId, reference, 'wire', bankOption.tlId ?? bankOption.id)
    return instructions(accountDetails(account), order)
  }

  /**
   * `orderGetViban`: the customer's virtual IBAN, issued by the bank partner on first use. It takes money for any of
   * the customer's orders, so it is shown only to a customer who owes nothing before paying (each order's wallet is
   * asked when that order is paid; decision 080).
   */
  async function virtualIbanFor(customerId: string, visitor?: Visitor): Promise<BankAccountDetails> {
    await assertMayPay(customerId, null, visitor)
    return issuedVirtualIban(customerId)
  }

  async function issuedVirtualIban(customerId: string): Promise<BankAccountDetails> {
    const [existing] = await db.select().from(virtualIbans).where(eq(virtualIbans.customerId, customerId))
    if (existing) return accountDetails(existing)
    const [customer] = await db
      .select({ firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .where(eq(customers.id, customerId))
    if (!customer?.firstName || !customer.lastName) throw new AppError('details_required')
    const issued = await callProvider(() =>
      bank.issueVirtualIban({ customerId, customerName: `${customer.firstName} ${customer.lastName}` }),
    )
    try {
      await db.insert(virtualIbans).values({ customerId, ...issued, provider: bank.kind, createdAt: clock.now() })
    } catch (error) {
      // Two first uses at once: the other one won; answer what it stored.
      if (!isUniqueViolation(error)) throw error
    }
    const [stored] = await db.select().from(virtualIbans).where(eq(virtualIbans.customerId, customerId))
    return accountDetails(stored!)
  }

  /** `orderSubmitViban`: ties the order to the customer's virtual IBAN and answers what to send. */
  async function submitViban(customerId: string, reference: string, visitor?: Visitor): Promise<TransferInstructions> {
    const current = await orderService.findOwnOrder(db, customerId, reference)
    await assertMayPay(customerId, current, visitor)
    // Money in a currency the account behind the virtual IBAN does not hold would be sent back by the bank.
    if (!bank.virtualIbanFiats.includes(current.fiat)) throw new AppError('method_unavailable')
    const account = await issuedVirtualIban(customerId)
    const order = await startBankPayment(customerId, reference, 'viban', account.iban)
    return instructions(account, order)
  }

  /**
   * `orderCompleteViban`: the customer says the transfer is sent; the timeline keeps it, the bank's notice decides.
   * The order is the one named (the web names the order its page shows); without a name, as the spec sends it, the
   * newest order awaiting a transfer to the virtual IBAN.
   */
  async function completeViban(customerId: string, reference?: string): Promise<void> {
    await db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.customerId, customerId),
            reference === undefined ? undefined : eq(orders.reference, reference),
            eq(orders.status, 'awaiting_payment'),
            eq(orders.methodGroup, 'viban'),
          ),
        )
        .orderBy(desc(orders.createdAt))
        .limit(1)
      if (!order) throw new AppError('order_not_found')
      await orderService.recordOrderNote(tx, order, CUSTOMER_NOTES.transferSent.operator(), 'customer')
    })
  }

  return { submitWire, virtualIbanFor, submitViban, completeViban, virtualIbanFiats: [...bank.virtualIbanFiats] }
}

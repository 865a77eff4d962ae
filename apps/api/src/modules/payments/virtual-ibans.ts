import { and, desc, eq } from 'drizzle-orm'
import type { BankAccountDetails, TransferInstructions } from '@exchange/shared/payments.schemas'
import { isUniqueViolation } from '../../db/errors'
import { customers } from '../../db/tables/modules/customers'
import { orders } from '../../db/tables/modules/orders'
import { virtualIbans } from '../../db/tables/modules/payments'
import { AppError, callProvider } from '../../errors'
import type { Visitor } from '../../providers/geoip/visitor-country'
import { accountDetails, instructions, startBankPayment } from './bank-transfers'
import type { PaymentServiceDeps } from './payment-deps'

/**
 * `orderGetViban`: the customer's virtual IBAN, issued by the bank partner on first use. It takes money for any of
 * the customer's orders, so it is shown only to a customer who owes nothing before paying (each order's wallet is
 * asked when that order is paid; decision 080).
 */
export async function virtualIbanFor(
  deps: PaymentServiceDeps,
  customerId: string,
  visitor?: Visitor,
): Promise<BankAccountDetails> {
  await deps.assertMayPay(customerId, null, visitor)
  return issuedVirtualIban(deps, customerId)
}

async function issuedVirtualIban(
  deps: Pick<PaymentServiceDeps, 'db' | 'clock' | 'bank'>,
  customerId: string,
): Promise<BankAccountDetails> {
  const { db, clock, bank } = deps
  const [existing] = await db.select().from(virtualIbans).where(eq(virtualIbans.customerId, customerId))
  if (existing) return accountDetails(deps, existing)
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
  return accountDetails(deps, stored!)
}

/** `orderSubmitViban`: ties the order to the customer's virtual IBAN and answers what to send. */
export async function submitViban(
  deps: PaymentServiceDeps,
  customerId: string,
  reference: string,
  visitor?: Visitor,
): Promise<TransferInstructions> {
  const { db, orderService, bank, assertMayPay } = deps
  const current = await orderService.findOwnOrder(db, customerId, reference)
  await assertMayPay(customerId, current, visitor)
  // Money in a currency the account behind the virtual IBAN does not hold would be sent back by the bank.
  if (!bank.virtualIbanFiats.includes(current.fiat)) throw new AppError('method_unavailable')
  const account = await issuedVirtualIban(deps, customerId)
  const order = await startBankPayment(deps, customerId, reference, 'viban', account.iban)
  return instructions(account, order)
}

/**
 * `orderCompleteViban`: the customer says the transfer is sent; the timeline keeps it, the bank's notice decides.
 * The order is the one named (the web names the order its page shows); without a name, as the spec sends it, the
 * newest order awaiting a transfer to the virtual IBAN.
 */
export async function completeViban(
  { db, orderService }: Pick<PaymentServiceDeps, 'db' | 'orderService'>,
  customerId: string,
  reference?: string,
): Promise<void> {
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
    await orderService.recordOrderNote(tx, order, { kind: 'transfer_reported_sent' }, 'customer')
  })
}

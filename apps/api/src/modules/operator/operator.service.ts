import { randomBytes } from 'node:crypto'
import { and, asc, desc, eq } from 'drizzle-orm'
import type { StoredDocument } from '@exchange/shared/documents.schemas'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { customers } from '../../db/tables/modules/customers'
import { incomingTransfers } from '../../db/tables/modules/intake'
import { operatorActions } from '../../db/tables/modules/operator'
import { orders } from '../../db/tables/modules/orders'
import { refunds } from '../../db/tables/modules/refunds'
import { AppError } from '../../errors'
import type { BankPartnerProvider } from '../../providers/bank/bank-partner.provider'
import type { CustomerService, DeclaredResidence } from '../customers/customers.service'
import type { DocumentReviews } from '../documents/document-reviews'
import type { DocumentService } from '../documents/documents.service'
import type { DueDiligenceService } from '../due-diligence/due-diligence.service'
import { IN_MANUAL_REVIEW, type IdentityService } from '../identity/identity.service'
import type { MoneyIn } from '../intake/money-in'
import { createResidenceProofReview } from './residence-proofs'

export type OperatorService = ReturnType<typeof createOperatorService>

/** One customer who waits for a person: what waits and since when, and the files they sent (decision 042). */
/** "First Last", or null when either part is missing. */
function fullName(first: string | null, last: string | null): string | null {
  return first && last ? `${first} ${last}` : null
}

export interface CustomerUnderReview {
  customerId: string
  email: string
  /** The identity check's status when it is in manual review (an operator may decide it). */
  identity: {
    status: string
    since: Date
    reasons: string[]
    /** The name the customer declared, and the one the provider read on the document (decision 090). */
    declaredName: string | null
    documentName: string | null
  } | null
  enhancedChecksSince: Date | null
  heldPayouts: { reference: string; since: Date; step: string | null }[]
  /** A residence outside the UK declared without evidence, and the proofs of address to read for it (decision 091). */
  residenceProof: { residence: DeclaredResidence; documentIds: string[]; since: Date } | null
  /** The oldest of the waits above. */
  since: Date
  documents: StoredDocument[]
}

/** The back office: what needs a person, and every action a person takes, logged with who and when. */
export function createOperatorService({
  db,
  clock,
  moneyIn,
  bank,
  dueDiligence,
  customers: customerService,
  identity,
  documents,
  documentReviews,
  unprovenResidenceOf,
}: {
  db: Database
  clock: Clock
  moneyIn: Pick<
    MoneyIn,
    | 'heldTransfers'
    | 'withdrawalsToCheck'
    | 'approveHeldTransfer'
    | 'refundTransfer'
    | 'refundPaidOrder'
    | 'receiveBankTransfer'
    | 'recordDelivery'
    | 'retryWithdrawal'
  >
  bank: BankPartnerProvider
  dueDiligence: DueDiligenceService
  customers: CustomerService
  identity: IdentityService
  documents: DocumentService
  documentReviews: DocumentReviews
  unprovenResidenceOf: (customerId: string) => Promise<DeclaredResidence | null>
}) {
  async function log(
    operator: string,
    action: string,
    target: { orderId?: string | null; transferId?: string | null },
    detail: Record<string, unknown>,
    executor: Database = db,
  ) {
    await executor.insert(operatorActions).values({
      operator,
      action,
      orderId: target.orderId ?? null,
      transferId: target.transferId ?? null,
      detail,
      createdAt: clock.now(),
    })
  }

  const residenceProofs = createResidenceProofReview({
    db,
    documentReviews,
    unprovenResidenceOf,
    log: (operator, action, detail, tx) => log(operator, action, {}, detail, tx),
  })

  async function overview() {
    const recentOrders = await db
      .select({
        reference: orders.reference,
        status: orders.status,
        fiat: orders.fiat,
        fiatAmount: orders.fiatAmount,
        crypto: orders.crypto,
        cryptoAmount: orders.cryptoAmount,
        method: orders.methodGroup,
        email: customers.email,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .orderBy(desc(orders.createdAt))
      .limit(100)
    const held = await moneyIn.heldTransfers()
    const pendingRefunds = await db
      .select()
      .from(refunds)
      .where(eq(refunds.status, 'pending'))
      .orderBy(desc(refunds.createdAt))
      .limit(100)
    const actions = await db.select().from(operatorActions).orderBy(desc(operatorActions.id)).limit(50)
    const withdrawalsToCheck = await moneyIn.withdrawalsToCheck()
    const enhancedChecks = await dueDiligence.enhancedChecksToReview()
    // Payments soon after a change of name are held (decision 034); every change is listed here for the review.
    const nameChanges = await customerService.recentNameChanges()
    // Paid orders whose payout waits for a step the customer owes (decision 039), oldest first.
    const awaitingChecks = await db
      .select({
        reference: orders.reference,
        customerId: orders.customerId,
        email: customers.email,
        fiat: orders.fiat,
        fiatAmount: orders.fiatAmount,
        step: orders.payoutWaitsFor,
        since: orders.updatedAt,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(eq(orders.status, 'awaiting_checks'))
      .orderBy(asc(orders.updatedAt))
      .limit(100)
    const underReview = await customersUnderReview(enhancedChecks, awaitingChecks)
    return {
      underReview,
      recentOrders,
      held,
      pendingRefunds,
      withdrawalsToCheck,
      enhancedChecks,
      nameChanges,
      awaitingChecks,
      actions,
    }
  }

  async function orderIdOf(reference: string) {
    const [order] = await db
      .select({ id: orders.id, fiat: orders.fiat })
      .from(orders)
      .where(eq(orders.reference, reference))
    if (!order) throw new AppError('order_not_found')
    return order
  }

  async function approveHeldTransfer(operator: string, transferId: string) {
    const status = await moneyIn.approveHeldTransfer(transferId, operator)
    const [transfer] = await db
      .select({ orderId: incomingTransfers.orderId })
      .from(incomingTransfers)
      .where(eq(incomingTransfers.id, transferId))
    await log(
      operator,
      'approve_held_transfer',
      { transferId, orderId: transfer?.orderId },
      { resultingStatus: status },
    )
    return status
  }

  async function refundTransfer(operator: string, transferId: string, reason: string) {
    await moneyIn.refundTransfer(transferId, reason, operator)
    const [transfer] = await db
      .select({ orderId: incomingTransfers.orderId })
      .from(incomingTransfers)
      .where(eq(incomingTransfers.id, transferId))
    await log(operator, 'refund_transfer', { transferId, orderId: transfer?.orderId }, { reason })
  }

  async function refundOrder(operator: string, reference: string, reason: string) {
    const order = await orderIdOf(reference)
    await moneyIn.refundPaidOrder(reference, reason, operator)
    await log(operator, 'refund_order', { orderId: order.id }, { reason })
  }

  /** A wire seen on the bank statement but never notified: recorded as the bank's notice would have been. */
  async function markWireReceived(
    operator: string,
    input: { orderReference: string; amount: string; payerName: string; payerIban: string; bankTransferId?: string },
  ) {
    const order = await orderIdOf(input.orderReference)
    const account = bank.receivingAccount(order.fiat)
    if (!account) throw new AppError('method_unavailable')
    const result = await moneyIn.receiveBankTransfer({
      // With the bank's id, the bank's own notice of this wire is a repeat; without it, a notice with the same order,
      // amount and payer is held for an operator, never refunded on its own (decision 026).
      transferId: input.bankTransferId ?? `manual_${randomBytes(8).toString('hex')}`,
      amount: input.amount,
      currency: order.fiat,
      payerName: input.payerName,
      payerIban: input.payerIban,
      paymentReference: input.orderReference,
      creditedIban: account.iban,
      receivedAt: clock.now(),
    })
    await log(
      operator,
      'mark_wire_received',
      { orderId: order.id },
      {
        amount: input.amount,
        payerName: input.payerName,
        bankTransferId: input.bankTransferId ?? null,
        outcome: result.outcome,
      },
    )
    return result
  }

  /** A withdrawal of unknown outcome, found at the exchange: its transaction id completes the order. */
  async function recordDelivery(operator: string, reference: string, txId: string) {
    const order = await orderIdOf(reference)
    const status = await moneyIn.recordDelivery(reference, txId)
    await log(operator, 'record_delivery', { orderId: order.id }, { txId })
    return status
  }

  /** A withdrawal of unknown outcome, not found at the exchange: sent again. */
  async function retryWithdrawal(operator: string, reference: string) {
    const order = await orderIdOf(reference)
    const status = await moneyIn.retryWithdrawal(reference)
    await log(operator, 'retry_withdrawal', { orderId: order.id }, { resultingStatus: status })
    return status
  }

  /** Clears or refuses a customer's enhanced checks (their newest questionnaire answer), logged with who and why. */
  async function decideEnhancedChecks(
    operator: string,
    customerId: string,
    decision: 'approved' | 'rejected',
    reason: string,
  ) {
    if (decision === 'approved') await dueDiligence.approveEnhancedChecks(customerId, operator, reason)
    else await dueDiligence.rejectEnhancedChecks(customerId, operator, reason)
    await log(operator, `enhanced_checks_${decision}`, {}, { customerId, reason })
  }

  /**
   * Every customer who waits for a person or whose payout is held: an identity check in manual review, a questionnaire
   * answer waiting for a decision, paid orders waiting for a step, a proof of address that would back a residence
   * declared without evidence. One row per customer, oldest wait first.
   */
  async function customersUnderReview(
    enhancedChecks: { customerId: string; email: string; answeredAt: Date }[],
    awaitingChecks: { customerId: string; email: string; reference: string; since: Date; step: string | null }[],
  ): Promise<CustomerUnderReview[]> {
    const byCustomer = new Map<string, Omit<CustomerUnderReview, 'since' | 'documents'>>()
    const entry = (customerId: string, email: string) => {
      let found = byCustomer.get(customerId)
      if (!found) {
        found = { customerId, email, identity: null, enhancedChecksSince: null, heldPayouts: [], residenceProof: null }
        byCustomer.set(customerId, found)
      }
      return found
    }
    for (const check of await identity.checksInReview())
      entry(check.customerId, check.email).identity = {
        status: check.status,
        since: check.since,
        reasons: check.reasons,
        declaredName: fullName(check.declaredFirstName, check.declaredLastName),
        documentName: fullName(check.documentFirstName, check.documentLastName),
      }
    for (const review of enhancedChecks) entry(review.customerId, review.email).enhancedChecksSince = review.answeredAt
    for (const order of awaitingChecks)
      entry(order.customerId, order.email).heldPayouts.push({
        reference: order.reference,
        since: order.since,
        step: order.step,
      })
    for (const { customerId, email, ...proof } of await residenceProofs.proofsWaiting())
      entry(customerId, email).residenceProof = proof
    const rows = await Promise.all(
      [...byCustomer.values()].map(async (row) => {
        const waits = [
          row.identity?.since,
          row.enhancedChecksSince,
          row.residenceProof?.since,
          ...row.heldPayouts.map((order) => order.since),
        ]
        const since = new Date(Math.min(...waits.filter((date) => date != null).map((date) => date.getTime())))
        return { ...row, since, documents: await documents.listDocuments(row.customerId) }
      }),
    )
    return rows.sort((a, b) => a.since.getTime() - b.since.getTime())
  }

  /** True while something of the customer waits for a person or a held payout (the list above, without its limits). */
  async function isUnderReview(customerId: string) {
    const [check, quest, [held], proofs] = await Promise.all([
      identity.identityStatusOf(customerId),
      dueDiligence.questionnaireOf(customerId),
      db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.customerId, customerId), eq(orders.status, 'awaiting_checks')))
        .limit(1),
      residenceProofs.proofsWaiting(customerId),
    ])
    return (
      (IN_MANUAL_REVIEW as readonly string[]).includes(check.status) ||
      quest.status === 'in_review' ||
      held !== undefined ||
      proofs.length > 0
    )
  }

  /**
   * Approves or rejects a customer's identity check left for manual review: the waiting payouts go ahead or are
   * refunded through the queued customer-checks-changed job, the customer is mailed, and the action is logged, all in
   * the transaction that records the decision.
   */
  async function decideIdentity(
    operator: string,
    customerId: string,
    decision: 'approved' | 'rejected',
    reason: string | null,
  ) {
    await identity.decideInReview(customerId, operator, decision, reason, (tx) =>
      log(operator, `identity_${decision}`, {}, { customerId, ...(reason && { reason }) }, tx),
    )
  }

  /**
   * One of a customer's files, decrypted, for an operator. Only while the customer is under review, unless the operator
   * states why they open it (an audit, a regulator's request); either way the opening is logged with the file.
   */
  async function downloadDocument(operator: string, documentId: string, reason: string | undefined) {
    const customerId = await documents.ownerOf(documentId)
    if (!customerId) throw new AppError('not_found', 404)
    const underReview = await isUnderReview(customerId)
    if (!underReview && !reason) throw new AppError('customer_not_under_review', 403)
    const file = await documents.readDocument(customerId, documentId)
    await log(
      operator,
      'document_downloaded',
      {},
      {
        customerId,
        documentId,
        fileName: file.fileName,
        underReview,
        ...(reason && { reason }),
      },
    )
    return file
  }

  return {
    overview,
    decideIdentity,
    downloadDocument,
    decideEnhancedChecks,
    decideProofOfAddress: residenceProofs.decideProofOfAddress,
    approveHeldTransfer,
    refundTransfer,
    refundOrder,
    markWireReceived,
    recordDelivery,
    retryWithdrawal,
  }
}

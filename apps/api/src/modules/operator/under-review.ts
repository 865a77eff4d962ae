import { and, eq } from 'drizzle-orm'
import type { StoredDocument } from '@exchange/shared/documents.schemas'
import { orders } from '../../db/tables/modules/orders'
import type { DeclaredResidence } from '../customers/customers.service'
import { IN_MANUAL_REVIEW } from '../identity/identity.service'
import type { OperatorServiceDeps } from './operator-deps'
import { proofsWaiting } from './residence-proofs'

/** One customer who waits for a person: what waits and since when, and the files they sent (decision 042). */
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
  heldPayouts: { reference: string; since: Date; step: string | null; heldUntil: Date | null }[]
  /** A residence outside the UK declared without evidence, and the proofs of address to read for it (decision 091). */
  residenceProof: { residence: DeclaredResidence; documentIds: string[]; since: Date } | null
  /** The oldest of the waits above. */
  since: Date
  documents: StoredDocument[]
}

/** "First Last", or null when either part is missing. */
export function fullName(first: string | null, last: string | null): string | null {
  return first && last ? `${first} ${last}` : null
}

/** The oldest of a customer's waits. */
function oldestWait(row: Omit<CustomerUnderReview, 'since' | 'documents'>): Date {
  const waits = [
    row.identity?.since,
    row.enhancedChecksSince,
    row.residenceProof?.since,
    ...row.heldPayouts.map((order) => order.since),
  ]
  return new Date(Math.min(...waits.filter((date) => date != null).map((date) => date.getTime())))
}

/**
 * Every customer who waits for a person or whose payout is held: an identity check in manual review, a questionnaire
 * answer waiting for a decision, paid orders waiting for a step, a proof of address that would back a residence
 * declared without evidence. One row per customer, oldest wait first.
 */
export async function customersUnderReview(
  deps: Pick<OperatorServiceDeps, 'db' | 'identity' | 'documents' | 'unprovenResidenceOf'>,
  enhancedChecks: { customerId: string; email: string; answeredAt: Date }[],
  awaitingChecks: {
    customerId: string
    email: string
    reference: string
    since: Date
    step: string | null
    heldUntil: Date | null
  }[],
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
  for (const check of await deps.identity.checksInReview())
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
      heldUntil: order.heldUntil,
    })
  for (const { customerId, email, ...proof } of await proofsWaiting(deps))
    entry(customerId, email).residenceProof = proof
  const rows = await Promise.all(
    [...byCustomer.values()].map(async (row) => ({
      ...row,
      since: oldestWait(row),
      documents: await deps.documents.listDocuments(row.customerId),
    })),
  )
  return rows.sort((a, b) => a.since.getTime() - b.since.getTime())
}

/** True while something of the customer waits for a person or a held payout (the list above, without its limits). */
export async function isUnderReview(
  deps: Pick<OperatorServiceDeps, 'db' | 'identity' | 'dueDiligence' | 'unprovenResidenceOf'>,
  customerId: string,
): Promise<boolean> {
  const [check, quest, [held], proofs] = await Promise.all([
    deps.identity.identityStatusOf(customerId),
    deps.dueDiligence.questionnaireOf(customerId),
    deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.customerId, customerId), eq(orders.status, 'awaiting_checks')))
      .limit(1),
    proofsWaiting(deps, customerId),
  ])
  return (
    (IN_MANUAL_REVIEW as readonly string[]).includes(check.status) ||
    quest.status === 'in_review' ||
    held !== undefined ||
    proofs.length > 0
  )
}

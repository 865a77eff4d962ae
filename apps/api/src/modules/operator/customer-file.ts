import { desc, eq } from 'drizzle-orm'
import type { CustomerFile } from '@exchange/shared/back-office.schemas'
import { customers } from '../../db/tables/modules/customers'
import { orders } from '../../db/tables/modules/orders'
import { supportTickets } from '../../db/tables/modules/support'
import { AppError } from '../../errors'
import { summaries } from '../support/ticket-rows'
import { orderSummaryOf, trailOf } from './back-office-views'
import type { OperatorServiceDeps } from './operator-deps'
import { logAction } from './operator-log'
import { proofsWaiting } from './residence-proofs'
import { fullName } from './under-review'

/** The most orders and tickets a customer's file lists, the newest first. */
const LISTED = 100

type CustomerFileDeps = Pick<
  OperatorServiceDeps,
  'db' | 'clock' | 'identity' | 'documents' | 'journey' | 'dueDiligence' | 'unprovenResidenceOf'
>

/**
 * A customer's file for an operator (decision 133): their details, where they are in the journey, what waits for a
 * decision (the identity check, the enhanced checks, proofs of address), their files, orders, tickets and trail. The view is written to the trail with the operator
 * and the reason they gave before anything is read; an unknown customer is not found, and nothing is written.
 */
export async function customerFile(
  deps: CustomerFileDeps,
  operator: { id: string; name: string },
  customerId: string,
  reason: string,
): Promise<CustomerFile> {
  const { db } = deps
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId))
  if (!customer) throw new AppError('not_found', 404)
  await logAction(deps, operator, 'viewed_customer', { customerId, reason }, { reason })
  const [steps, [review], [enhanced], [proofs], documents, orderRows, tickets, trail] = await Promise.all([
    deps.journey.stepsOf(customerId),
    deps.identity.checksInReview(1, customerId),
    deps.dueDiligence.enhancedChecksToReview(1, customerId),
    proofsWaiting(deps, customerId),
    deps.documents.listDocuments(customerId),
    db.select().from(orders).where(eq(orders.customerId, customerId)).orderBy(desc(orders.createdAt)).limit(LISTED),
    summaries(db)
      .where(eq(supportTickets.customerId, customerId))
      .orderBy(desc(supportTickets.updatedAt))
      .limit(LISTED),
    trailOf(deps, { customerId }),
  ])
  return {
    customer: {
      id: customer.id,
      email: customer.email,
      firstName: customer.firstName,
      lastName: customer.lastName,
      address: customer.address,
      postal: customer.postal,
      city: customer.city,
      country: customer.country,
      phone: customer.phone,
      language: customer.language,
      createdAt: customer.createdAt.toISOString(),
      emailVerified: customer.emailVerifiedAt !== null,
      closed: customer.closedAt !== null,
    },
    journey: steps.map(({ step, state }) => ({ step, state, since: null })),
    identityReview: review
      ? {
          status: review.status,
          since: review.since.toISOString(),
          reasons: review.reasons,
          declaredName: fullName(review.declaredFirstName, review.declaredLastName),
          documentName: fullName(review.documentFirstName, review.documentLastName),
        }
      : null,
    enhancedChecks: enhanced ? { since: enhanced.answeredAt.toISOString() } : null,
    proofsOfAddress: proofs
      ? proofs.proofs.map((proof) => ({
          documentId: proof.documentId,
          fileName: proof.fileName,
          since: proof.sentAt.toISOString(),
          declaredCountry: proofs.residence.country,
        }))
      : [],
    documents: documents.map((file) => ({
      id: file.id,
      kind: file.purpose,
      fileName: file.fileName,
      uploadedAt: new Date(file.createdAt).toISOString(),
    })),
    orders: orderRows.map(orderSummaryOf),
    tickets: tickets.map((ticket) => ({
      number: ticket.serial,
      subject: ticket.topic,
      status: ticket.status,
      updatedAt: ticket.updatedAt.toISOString(),
    })),
    trail,
  }
}

import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { countInAll } from '../../db/queue-size'
import { customers } from '../../db/tables/modules/customers'
import { identityChecks, identityEvents } from '../../db/tables/modules/identity'
import { AppError, callProvider } from '../../errors'
import { IN_MANUAL_REVIEW, type IdentityServiceDeps } from './identity-deps'
import { tellCustomer } from './outcome-mail'

/**
 * Customers whose check waits for a person (the provider's manual review), oldest first, or only the one given; each
 * row carries how many wait in all (`waiting`), beyond the limit too.
 */
export async function checksInReview(
  { db, provider }: Pick<IdentityServiceDeps, 'db' | 'provider'>,
  limit = 100,
  customerId?: string,
) {
  return db
    .select({
      customerId: identityChecks.customerId,
      email: customers.email,
      status: identityChecks.status,
      reasons: identityChecks.reasons,
      since: identityChecks.updatedAt,
      declaredFirstName: customers.firstName,
      declaredLastName: customers.lastName,
      documentFirstName: identityChecks.verifiedFirstName,
      documentLastName: identityChecks.verifiedLastName,
      waiting: countInAll(),
    })
    .from(identityChecks)
    .innerJoin(customers, eq(customers.id, identityChecks.customerId))
    .where(
      and(
        eq(identityChecks.provider, provider.kind),
        inArray(identityChecks.status, [...IN_MANUAL_REVIEW]),
        customerId === undefined ? undefined : eq(identityChecks.customerId, customerId),
      ),
    )
    .orderBy(asc(identityChecks.updatedAt))
    .limit(limit)
}

/**
 * An operator approves or rejects a check left for manual review (decision 042). With the check row locked, so that
 * two operators (or two clicks) at once decide it once: the second is refused `identity_not_in_review`. The status,
 * its event, what waits on it (`onDecided`), the customer's mail and the caller's audit row (`record`) are stored in
 * one transaction. A rejection is final; its reason is what the customer is told.
 */
export async function decideInReview(
  deps: IdentityServiceDeps,
  customerId: string,
  operator: string,
  decision: 'approved' | 'rejected',
  reason: string | null,
  record: (tx: Database) => Promise<void>,
) {
  const { db, clock, provider, onDecided } = deps
  // The provider's reading of the document, when it has one and none is stored yet (a check the provider left for
  // review before reading a name): asked before the transaction, like a notice's.
  const [stored] = await db
    .select({
      applicantId: identityChecks.applicantId,
      firstName: identityChecks.verifiedFirstName,
      lastName: identityChecks.verifiedLastName,
    })
    .from(identityChecks)
    .where(and(eq(identityChecks.customerId, customerId), eq(identityChecks.provider, provider.kind)))
  const read =
    decision === 'approved' && stored?.applicantId && !(stored.firstName && stored.lastName)
      ? await callProvider(() => provider.documentNameOf(stored.applicantId!))
      : null
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update')
    if (!customer) throw new AppError('customer_not_found', 404)
    const [check] = await tx
      .select()
      .from(identityChecks)
      .where(and(eq(identityChecks.customerId, customerId), eq(identityChecks.provider, provider.kind)))
      .for('update')
    if (!check || !IN_MANUAL_REVIEW.includes(check.status)) throw new AppError('identity_not_in_review', 409)
    // The name payments are compared with: the document's as the provider read it; when it read none, the declared
    // name the operator has just compared with the documents (decision 090).
    const documentName =
      check.verifiedFirstName && check.verifiedLastName
        ? { firstName: check.verifiedFirstName, lastName: check.verifiedLastName }
        : (read ??
          (customer.firstName && customer.lastName
            ? { firstName: customer.firstName, lastName: customer.lastName }
            : null))
    if (decision === 'approved' && !documentName) throw new AppError('identity_name_unknown', 409)
    await tx
      .update(identityChecks)
      .set({
        status: decision,
        customerMessage: decision === 'rejected' ? reason : null,
        updatedAt: clock.now(),
        decidedAt: clock.now(),
        decidedBy: operator,
        ...(decision === 'approved' && {
          verifiedFirstName: documentName!.firstName,
          verifiedLastName: documentName!.lastName,
        }),
      })
      .where(eq(identityChecks.id, check.id))
    await tx.insert(identityEvents).values({
      checkId: check.id,
      type: 'operator_decision',
      fromStatus: check.status,
      toStatus: decision,
      detail: { operator, ...(reason && { reason }) },
      createdAt: clock.now(),
    })
    await onDecided(tx, customerId)
    await tellCustomer(deps, tx, customerId, decision, decision === 'rejected' ? reason : null)
    await record(tx)
  })
}

import { and, desc, eq, isNull, or } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { customers } from '../../db/tables/modules/customers'
import { identityChecks, identityEvents } from '../../db/tables/modules/identity'
import { callProvider } from '../../errors'
import type { IdentityNotice, PersonName } from '../../providers/identity/identity.provider'
import { DOCUMENT_NAME_NOT_READ, NAME_MISMATCH, type IdentityServiceDeps, type NoticeOutcome } from './identity-deps'
import { sameLegalName } from './legal-name'
import { tellCustomer } from './outcome-mail'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Applies one verified provider notice. The notice's key is stored with its effect in one transaction, with the
 * check row locked: a notice delivered twice, or two deliveries at once, change the check once. A notice older than
 * the last one applied is recorded and changes nothing (providers do not promise order).
 */
export async function receiveNotice(
  deps: IdentityServiceDeps,
  notice: IdentityNotice,
): Promise<{ outcome: NoticeOutcome }> {
  const { db, clock, provider } = deps
  // An approval is only as good as the name on the document: asked of the provider before the transaction (a call
  // that fails fails the notice, which the provider then sends again).
  const documentName =
    notice.outcome === 'approved' ? await callProvider(() => provider.documentNameOf(notice.applicantId)) : null
  return db.transaction(async (tx) => {
    const byApplicant = eq(identityChecks.applicantId, notice.applicantId)
    // A notice can come before our answer from the provider was stored: the external user id is the check's id.
    const match =
      notice.externalUserId && UUID.test(notice.externalUserId)
        ? or(byApplicant, and(isNull(identityChecks.applicantId), eq(identityChecks.id, notice.externalUserId)))
        : byApplicant
    const [check] = await tx
      .select()
      .from(identityChecks)
      .where(and(eq(identityChecks.provider, provider.kind), match))
      .orderBy(desc(identityChecks.createdAt))
      .limit(1)
      .for('update')
    if (!check) return { outcome: 'unknown_applicant' as const }
    const stale = check.providerEventAt !== null && notice.occurredAt < check.providerEventAt
    // An operator's decision is final: a provider notice after it is kept in the trail and changes nothing.
    const afterOperator = check.decidedBy !== null
    const [recorded] = await tx
      .insert(identityEvents)
      .values({
        checkId: check.id,
        type: afterOperator ? 'notice_after_operator' : stale ? 'notice_stale' : 'notice_applied',
        fromStatus: check.status,
        toStatus: stale || afterOperator ? check.status : notice.outcome,
        noticeKey: notice.noticeKey,
        detail: {
          outcome: notice.outcome,
          reasons: notice.reasons,
          occurredAt: notice.occurredAt.toISOString(),
          ...(notice.customerMessage && { customerMessage: notice.customerMessage }),
        },
        createdAt: clock.now(),
      })
      .onConflictDoNothing({ target: identityEvents.noticeKey })
      .returning({ id: identityEvents.id })
    if (!recorded) return { outcome: 'duplicate' as const }
    if (afterOperator) return { outcome: 'after_operator' as const }
    if (stale) return { outcome: 'stale' as const }
    await applyNotice(deps, tx, check, notice, documentName)
    return { outcome: 'applied' as const }
  })
}

/** The notice's effect on the check, once it is recorded as neither repeated, stale nor after an operator. */
async function applyNotice(
  deps: IdentityServiceDeps,
  tx: Database,
  check: typeof identityChecks.$inferSelect,
  notice: IdentityNotice,
  documentName: PersonName | null,
) {
  const { clock, onDecided } = deps
  // An approval whose document does not name the customer goes to a person instead (decision 090).
  const nameHold = notice.outcome === 'approved' ? await nameHoldOf(tx, check.customerId, documentName) : null
  const outcome = nameHold ? 'review' : notice.outcome
  const decided = outcome === 'approved' || outcome === 'rejected'
  await tx
    .update(identityChecks)
    .set({
      status: outcome,
      applicantId: notice.applicantId,
      reasons: nameHold ? [...notice.reasons, nameHold] : notice.reasons,
      customerMessage: notice.customerMessage ?? null,
      providerEventAt: notice.occurredAt,
      updatedAt: clock.now(),
      decidedAt: decided ? clock.now() : null,
      // The document's name is kept with the approval, or for the person who reviews it.
      ...(notice.outcome === 'approved' && {
        verifiedFirstName: documentName?.firstName ?? null,
        verifiedLastName: documentName?.lastName ?? null,
      }),
    })
    .where(eq(identityChecks.id, check.id))
  if (nameHold)
    await tx.insert(identityEvents).values({
      checkId: check.id,
      type: 'approval_held_for_name',
      fromStatus: 'approved',
      toStatus: 'review',
      detail: { reason: nameHold, ...(documentName && { documentName }) },
      createdAt: clock.now(),
    })
  // A provider repeating an outcome under a new notice id (a re-sent webhook) changes nothing the customer sees:
  // what waits on the decision is not queued again and no second e-mail is sent (decision 080).
  if (check.status === outcome) return
  if (decided) await onDecided(tx, check.customerId)
  const told = outcome
  if (told === 'approved' || told === 'rejected' || told === 'resubmission_requested')
    await tellCustomer(deps, tx, check.customerId, told, notice.customerMessage ?? null)
}

/**
 * Why an approval cannot stand without a person, by the name on the document: none was read, or it is not the name
 * the customer declared (read with the customer's row locked, so a change of name saved at the same moment is either
 * compared here or refused as frozen). Null when the names agree, or when no name was declared yet.
 */
async function nameHoldOf(tx: Database, customerId: string, documentName: PersonName | null) {
  if (!documentName) return DOCUMENT_NAME_NOT_READ
  const [declared] = await tx
    .select({ firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update')
  if (!declared?.firstName || !declared.lastName) return null
  return sameLegalName({ firstName: declared.firstName, lastName: declared.lastName }, documentName)
    ? null
    : NAME_MISMATCH
}

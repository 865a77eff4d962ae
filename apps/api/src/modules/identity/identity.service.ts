import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm'
import type { IdentityCheckStatus } from '@exchange/shared/identity.schemas'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { customers } from '../../db/tables/modules/customers'
import { identityChecks, identityEvents, type IdentityStatus } from '../../db/tables/modules/identity'
import { AppError, callProvider } from '../../errors'
import type { IdentityNotice, IdentityProvider, PersonName } from '../../providers/identity/identity.provider'
import { sameLegalName } from './legal-name'

export type IdentityService = ReturnType<typeof createIdentityService>

export interface IdentityServiceDeps {
  db: Database
  clock: Clock
  provider: IdentityProvider
  /**
   * Called in the transaction that records a decided check (approved or rejected), so that what waits on it (paid
   * orders held for the check, decision 033) is queued with the decision or not at all.
   */
  onDecided: (tx: Database, customerId: string) => Promise<void>
  /**
   * Called in the same transaction when a notice approves, rejects or asks to send documents again, with the customer's
   * e-mail and the provider's words for them: the customer is mailed the outcome with the decision or not at all.
   */
  onOutcome?: (tx: Database, outcome: IdentityOutcomeMail) => Promise<void>
}

/** What the customer is told of a check's outcome. */
export interface IdentityOutcomeMail {
  to: string
  outcome: 'approved' | 'resubmission_requested' | 'rejected'
  message: string | null
}

/** The web app's return page after the provider's hosted page; it reads the stored status, never the redirect. */
export const IDENTITY_RETURN_PATH = '/dashboard-returnauth'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Statuses in which a (new) link to the provider's page makes sense. */
const LINKABLE: readonly IdentityStatus[] = ['started', 'resubmission_requested']

/** Statuses an operator may decide: documents sent and the provider's review not finished (decision 042). */
export const IN_MANUAL_REVIEW: readonly IdentityStatus[] = ['pending', 'review']

export interface IdentityStatusView {
  status: IdentityCheckStatus
  /** The provider's words for the customer, when something must be sent again or the check failed. */
  message: string | null
  updatedAt: Date | null
}

export type NoticeOutcome = 'applied' | 'duplicate' | 'stale' | 'unknown_applicant' | 'after_operator'

/**
 * Reason codes an approval from the provider is left for a person with (decision 090): the document names someone
 * other than the customer's declared name, or the provider read no name.
 */
export const NAME_MISMATCH = 'NAME_MISMATCH'
export const DOCUMENT_NAME_NOT_READ = 'DOCUMENT_NAME_NOT_READ'

/**
 * Identity verification of customers: starts a check at the configured provider, and applies the provider's signed
 * notices to it, each once and in the provider's order. Owns `identity_checks` and `identity_events`.
 */
export function createIdentityService({ db, clock, provider, onDecided, onOutcome }: IdentityServiceDeps) {
  async function currentCheck(customerId: string) {
    const [check] = await db
      .select()
      .from(identityChecks)
      .where(and(eq(identityChecks.customerId, customerId), eq(identityChecks.provider, provider.kind)))
    return check
  }

  /** Starts (or resumes) the customer's check and answers a fresh link to the provider's hosted page. */
  async function startCheck(customerId: string) {
    const [customer] = await db
      .select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .where(eq(customers.id, customerId))
    if (!customer) throw new AppError('unauthorized', 401)
    // The intent is stored before the provider is called; its id is the external user id the provider keys on, so a
    // retry or a parallel start finds the same applicant instead of creating a second one.
    await db
      .insert(identityChecks)
      .values({
        customerId,
        provider: provider.kind,
        status: 'started',
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .onConflictDoNothing()
    const check = await currentCheck(customerId)
    if (!check) throw new Error('identity check vanished')
    if (check.status === 'approved') throw new AppError('identity_verified')
    if (check.status === 'rejected') throw new AppError('identity_rejected')
    if (!LINKABLE.includes(check.status)) throw new AppError('identity_in_review')
    const link = await callProvider(() =>
      provider.startVerification({
        externalUserId: check.id,
        email: customer.email,
        returnPath: IDENTITY_RETURN_PATH,
        declaredName:
          customer.firstName && customer.lastName
            ? { firstName: customer.firstName, lastName: customer.lastName }
            : null,
      }),
    )
    await db.transaction(async (tx) => {
      const [kept] = await tx
        .update(identityChecks)
        .set({ applicantId: link.applicantId, updatedAt: clock.now() })
        .where(
          and(
            eq(identityChecks.id, check.id),
            or(isNull(identityChecks.applicantId), eq(identityChecks.applicantId, link.applicantId)),
          ),
        )
        .returning({ id: identityChecks.id })
      if (!kept) throw new Error('the identity provider answered another applicant for this check')
      await tx.insert(identityEvents).values({
        checkId: check.id,
        type: 'link_issued',
        detail: { applicantId: link.applicantId },
        createdAt: clock.now(),
      })
    })
    return {
      verificationUrl: link.verificationUrl,
      status: check.status,
      sandbox: provider.sandbox,
    }
  }

  /** What the return page and the journey engine read: the stored status, whatever the browser was told. */
  async function identityStatusOf(customerId: string): Promise<IdentityStatusView> {
    const check = await currentCheck(customerId)
    if (!check) return { status: 'none', message: null, updatedAt: null }
    const showsMessage = check.status === 'resubmission_requested' || check.status === 'rejected'
    return {
      status: check.status,
      message: showsMessage ? check.customerMessage : null,
      updatedAt: check.updatedAt,
    }
  }

  /**
   * Applies one verified provider notice. The notice's key is stored with its effect in one transaction, with the
   * check row locked: a notice delivered twice, or two deliveries at once, change the check once. A notice older than
   * the last one applied is recorded and changes nothing (providers do not promise order).
   */
  async function receiveNotice(notice: IdentityNotice): Promise<{ outcome: NoticeOutcome }> {
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
      if (check.status === outcome) return { outcome: 'applied' as const }
      if (decided) await onDecided(tx, check.customerId)
      const told = outcome
      if (told === 'approved' || told === 'rejected' || told === 'resubmission_requested')
        await tellCustomer(tx, check.customerId, told, notice.customerMessage ?? null)
      return { outcome: 'applied' as const }
    })
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

  /**
   * The name of the customer's approved identity, as the provider read it from the document, or null while no check
   * is approved: what payments are compared with (decision 090).
   */
  async function verifiedNameOf(customerId: string, options: { tx?: Database } = {}): Promise<PersonName | null> {
    const [check] = await (options.tx ?? db)
      .select({ firstName: identityChecks.verifiedFirstName, lastName: identityChecks.verifiedLastName })
      .from(identityChecks)
      .where(
        and(
          eq(identityChecks.customerId, customerId),
          eq(identityChecks.provider, provider.kind),
          eq(identityChecks.status, 'approved'),
        ),
      )
    return check?.firstName && check.lastName ? { firstName: check.firstName, lastName: check.lastName } : null
  }

  async function tellCustomer(
    tx: Database,
    customerId: string,
    outcome: IdentityOutcomeMail['outcome'],
    message: string | null,
  ) {
    if (!onOutcome) return
    const [customer] = await tx.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId))
    if (customer) await onOutcome(tx, { to: customer.email, outcome, message })
  }

  /** Customers whose check waits for a person (the provider's manual review), oldest first. */
  async function checksInReview(limit = 100) {
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
      })
      .from(identityChecks)
      .innerJoin(customers, eq(customers.id, identityChecks.customerId))
      .where(and(eq(identityChecks.provider, provider.kind), inArray(identityChecks.status, [...IN_MANUAL_REVIEW])))
      .orderBy(asc(identityChecks.updatedAt))
      .limit(limit)
  }

  /**
   * An operator approves or rejects a check left for manual review (decision 042). With the check row locked, so that
   * two operators (or two clicks) at once decide it once: the second is refused `identity_not_in_review`. The status,
   * its event, what waits on it (`onDecided`), the customer's mail and the caller's audit row (`record`) are stored in
   * one transaction. A rejection is final; its reason is what the customer is told.
   */
  async function decideInReview(
    customerId: string,
    operator: string,
    decision: 'approved' | 'rejected',
    reason: string | null,
    record: (tx: Database) => Promise<void>,
  ) {
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
      await tellCustomer(tx, customerId, decision, decision === 'rejected' ? reason : null)
      await record(tx)
    })
  }

  return {
    startCheck,
    identityStatusOf,
    receiveNotice,
    checksInReview,
    decideInReview,
    verifiedNameOf,
  }
}

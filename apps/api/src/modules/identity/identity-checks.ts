import { partnerTwinOf } from '@exchange/shared/web-links'
import { and, eq, isNull, or } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { customers } from '../../db/tables/modules/customers'
import { identityChecks, identityEvents, type IdentityStatus } from '../../db/tables/modules/identity'
import { AppError, callProvider } from '../../errors'
import type { PersonName } from '../../providers/identity/identity.provider'
import { IDENTITY_RETURN_PATH, type IdentityServiceDeps, type IdentityStatusView } from './identity-deps'

/** Statuses in which a (new) link to the provider's page makes sense. */
const LINKABLE: readonly IdentityStatus[] = ['started', 'resubmission_requested']

async function currentCheck({ db, provider }: Pick<IdentityServiceDeps, 'db' | 'provider'>, customerId: string) {
  const [check] = await db
    .select()
    .from(identityChecks)
    .where(and(eq(identityChecks.customerId, customerId), eq(identityChecks.provider, provider.kind)))
  return check
}

/** Starts (or resumes) the customer's check and answers a fresh link to the provider's hosted page. */
export async function startCheck(deps: IdentityServiceDeps, customerId: string, inPartnerVisit = false) {
  const { db, clock, provider } = deps
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
  const check = await currentCheck(deps, customerId)
  if (!check) throw new Error('identity check vanished')
  if (check.status === 'approved') throw new AppError('identity_verified')
  if (check.status === 'rejected') throw new AppError('identity_rejected')
  if (!LINKABLE.includes(check.status)) throw new AppError('identity_in_review')
  const link = await callProvider(() =>
    provider.startVerification({
      externalUserId: check.id,
      email: customer.email,
      returnPath: inPartnerVisit ? partnerTwinOf(IDENTITY_RETURN_PATH) : IDENTITY_RETURN_PATH,
      declaredName:
        customer.firstName && customer.lastName ? { firstName: customer.firstName, lastName: customer.lastName } : null,
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
export async function identityStatusOf(
  deps: Pick<IdentityServiceDeps, 'db' | 'provider'>,
  customerId: string,
): Promise<IdentityStatusView> {
  const check = await currentCheck(deps, customerId)
  if (!check) return { status: 'none', message: null, updatedAt: null }
  const showsMessage = check.status === 'resubmission_requested' || check.status === 'rejected'
  return {
    status: check.status,
    message: showsMessage ? check.customerMessage : null,
    updatedAt: check.updatedAt,
  }
}

/**
 * The name of the customer's approved identity, as the provider read it from the document, or null while no check
 * is approved: what payments are compared with (decision 090).
 */
export async function verifiedNameOf(
  { db, provider }: Pick<IdentityServiceDeps, 'db' | 'provider'>,
  customerId: string,
  options: { tx?: Database } = {},
): Promise<PersonName | null> {
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

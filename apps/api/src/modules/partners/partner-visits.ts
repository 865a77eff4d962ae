import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm'
import { CODE_RESEND_COOLDOWN_SECONDS } from '@exchange/shared/constants'
import { type Language, languageFromAcceptLanguage } from '@exchange/shared/languages'
import { type PartnerFace, PartnerPrefill } from '@exchange/shared/partner.schemas'
import { Password } from '@exchange/shared/validators'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { customers } from '../../db/tables/modules/customers'
import { orders } from '../../db/tables/modules/orders'
import { partnerSessions, partners } from '../../db/tables/modules/partners'
import { AppError } from '../../errors'
import type { AccountService } from '../accounts/accounts.service'
import type { LoginOutcome, VerifiedLogin } from '../accounts/login'
import type { RequestOrigin, SessionService } from '../sessions/sessions.service'
import { canonicalIp } from './ip-address'
import { parseOrRefuse } from './partner-input'
import type { Partner } from './partner-records'

/** What the customer's way in and sign-in through a partner's visit ask of the app (decision 114). */
export interface PartnerVisitDeps {
  db: Database
  clock: Clock
  /** How long a claimed visit's entry opens anything: the lifetime of the session it signs in. */
  entryHours: number
  accounts: Pick<AccountService, 'login' | 'signUp' | 'verifyLoginCode'>
  sessions: Pick<SessionService, 'revokeVisitSessions'>
}

export type PartnerVisit = typeof partnerSessions.$inferSelect

function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

function partnerFace(partner: Pick<Partner, 'slug' | 'displayName' | 'brand'>): PartnerFace {
  const { name, logoUrl, primaryColour } = partner.brand
  return {
    slug: partner.slug,
    displayName: partner.displayName,
    brand: { ...(name && { name }), ...(logoUrl && { logoUrl }), ...(primaryColour && { primaryColour }) },
  }
}

/** The claim's answer: the visit's entry secret, whose e-mail it is for, and how the partner is shown. */
export interface ClaimedVisit {
  entry: string
  email: string
  known: boolean
  partner: PartnerFace
  entryExpiresAt: string
  /** The language the partner asked for (decision 131), for the web to show the visit in; absent when it named none. */
  language?: Language
}

/**
 * `mplogin` step `claim`: one conditional update takes the token (unclaimed, unexpired, under that partner, the
 * partner active, from the address the partner named when it binds it), so that of two claims at once one wins. A
 * refused claim changes nothing and is told apart by reading the row.
 */
export async function claimVisit(
  { db, clock, entryHours }: PartnerVisitDeps,
  input: { partner: string; token: string },
  ip: string,
): Promise<ClaimedVisit> {
  const now = clock.now()
  const tokenHash = sha256Hex(input.token)
  const entry = randomBytes(32).toString('base64url')
  const entryExpiresAt = new Date(now.getTime() + entryHours * 3_600_000)
  const activePartner = db
    .select({ id: partners.id })
    .from(partners)
    .where(and(eq(partners.slug, input.partner), eq(partners.status, 'active')))
  const [claimed] = await db
    .update(partnerSessions)
    .set({ claimedAt: now, claimedIp: ip, entryHash: sha256Hex(entry), entryExpiresAt })
    .where(
      and(
        eq(partnerSessions.tokenHash, tokenHash),
        inArray(partnerSessions.partnerId, activePartner),
        isNull(partnerSessions.claimedAt),
        gt(partnerSessions.expiresAt, now),
        or(eq(partnerSessions.bindIp, false), eq(partnerSessions.customerIp, canonicalIp(ip))),
      ),
    )
    .returning()
  if (!claimed) throw await claimRefusal(db, tokenHash, input.partner, now, ip)
  const [partner] = await db.select().from(partners).where(eq(partners.id, claimed.partnerId))
  const email = claimed.email.trim().toLowerCase()
  const [known] = await db.select({ id: customers.id }).from(customers).where(eq(customers.email, email))
  return {
    entry,
    email,
    known: known !== undefined,
    partner: partnerFace(partner!),
    entryExpiresAt: entryExpiresAt.toISOString(),
    ...(claimed.language && { language: claimed.language }),
  }
}

/** Why a token was not claimed, read after the refused update; the first reason that applies is told. */
async function claimRefusal(db: Database, tokenHash: string, slug: string, now: Date, ip: string) {
  const [row] = await db
    .select({ visit: partnerSessions, slug: partners.slug, status: partners.status })
    .from(partnerSessions)
    .innerJoin(partners, eq(partners.id, partnerSessions.partnerId))
    .where(eq(partnerSessions.tokenHash, tokenHash))
  if (!row || row.slug !== slug) return new AppError('mp_link_unknown', 404)
  if (row.status !== 'active') return new AppError('mp_partner_disabled', 403)
  if (row.visit.claimedAt) return new AppError('mp_link_used', 409)
  if (row.visit.expiresAt.getTime() <= now.getTime()) return new AppError('mp_link_expired', 410)
  if (row.visit.bindIp && row.visit.customerIp !== canonicalIp(ip)) return new AppError('mp_link_other_address', 403)
  // Claimed meanwhile by another request: the row now says so.
  return new AppError('mp_link_used', 409)
}

/**
 * The visit an entry secret carries, with its partner: refused `mp_entry_ended` when no visit has it, or it has
 * ended or run out. `allowEnded`: the way back answers an ended visit again within the entry's lifetime.
 */
export async function visitOfEntry(
  { db, clock }: Pick<PartnerVisitDeps, 'db' | 'clock'>,
  entry: string,
  { allowEnded = false } = {},
): Promise<{ visit: PartnerVisit; partner: Partner }> {
  const [row] = await db
    .select({ visit: partnerSessions, partner: partners })
    .from(partnerSessions)
    .innerJoin(partners, eq(partners.id, partnerSessions.partnerId))
    .where(eq(partnerSessions.entryHash, sha256Hex(entry)))
  const live =
    row?.visit.entryExpiresAt &&
    row.visit.entryExpiresAt.getTime() > clock.now().getTime() &&
    (allowEnded || row.visit.endedAt === null)
  if (!live) throw new AppError('mp_entry_ended', 410)
  return row
}

/** A visit signs in only while its partner is active. */
async function openVisit(deps: PartnerVisitDeps, entry: string) {
  const found = await visitOfEntry(deps, entry)
  if (found.partner.status !== 'active') throw new AppError('mp_partner_disabled', 403)
  return { ...found, email: found.visit.email.trim().toLowerCase() }
}

/**
 * Notes who signed in through the visit, the first time. A visit that ended while the session was being started (the
 * customer went back meanwhile) keeps no session: it is signed out again and the sign-in refused.
 */
async function markSignedIn({ db, clock, sessions }: PartnerVisitDeps, visitId: string, customerId: string) {
  await db
    .update(partnerSessions)
    .set({ customerId, signedInAt: clock.now() })
    .where(and(eq(partnerSessions.id, visitId), isNull(partnerSessions.signedInAt)))
  const [visit] = await db
    .select({ endedAt: partnerSessions.endedAt })
    .from(partnerSessions)
    .where(eq(partnerSessions.id, visitId))
  if (visit?.endedAt) {
    await sessions.revokeVisitSessions(visitId, 'partner_return')
    throw new AppError('mp_entry_ended', 410)
  }
}

/**
 * `mplogin` step `password`, for the visit's e-mail only: a known customer signs in exactly as at /login (its
 * throttles, a trusted browser skips the code); a new one signs up with the password under the partner's affiliate
 * token `mp-<slug>`, in the language the partner asked for (else the request's Accept-Language; decision 131), and the
 * code is mailed in it.
 */
export async function passwordStep(
  deps: PartnerVisitDeps,
  input: { entry: string; password: string },
  origin: RequestOrigin,
  deviceToken: string | undefined,
  acceptLanguage?: string,
): Promise<LoginOutcome> {
  const { visit, partner, email } = await openVisit(deps, input.entry)
  const [known] = await deps.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email))
  if (!known) {
    const password = parseOrRefuse(Password, input.password)
    const language = visit.language ?? languageFromAcceptLanguage(acceptLanguage)
    await deps.accounts.signUp({ email, password, token: `mp-${partner.slug}`, language }, origin)
    return { kind: 'code_required', retryAfterSeconds: CODE_RESEND_COOLDOWN_SECONDS }
  }
  const outcome = await deps.accounts.login({ email, password: input.password }, origin, deviceToken, {
    partnerSessionId: visit.id,
  })
  if (outcome.kind === 'signed_in') await markSignedIn(deps, visit.id, outcome.customerId)
  return outcome
}

/** `mplogin` step `code`: the e-mailed code of the visit's e-mail signs in, in a session bound to the visit. */
export async function codeStep(
  deps: PartnerVisitDeps,
  input: { entry: string; code: string },
  origin: RequestOrigin,
): Promise<VerifiedLogin> {
  const { visit, email } = await openVisit(deps, input.entry)
  const verified = await deps.accounts.verifyLoginCode({ email, code: input.code }, origin, {
    partnerSessionId: visit.id,
  })
  if (!verified.secondFactor) await markSignedIn(deps, visit.id, verified.customerId)
  return verified
}

/**
 * The partner's prefill as the shared contract words it (currencies in lower case); a stored part the contract cannot
 * carry is left out rather than failing the answer.
 */
function prefillOf(stored: PartnerVisit['prefill']): PartnerPrefill {
  const { fiat, crypto, ...rest } = stored
  const candidate = { ...rest, fiat: fiat?.toLowerCase(), crypto: crypto?.toLowerCase() }
  const parsed = PartnerPrefill.safeParse(candidate)
  if (parsed.success) return parsed.data
  const bad = new Set(parsed.error.issues.map((issue) => issue.path[0]))
  return PartnerPrefill.parse(Object.fromEntries(Object.entries(candidate).filter(([key]) => !bad.has(key))))
}

/** What a session bound to a visit is told of it (`mpSession`). */
export async function visitContext({ db }: Pick<PartnerVisitDeps, 'db'>, partnerSessionId: string | null) {
  if (!partnerSessionId) throw new AppError('not_partner_session', 404)
  const [row] = await db
    .select({ visit: partnerSessions, partner: partners })
    .from(partnerSessions)
    .innerJoin(partners, eq(partners.id, partnerSessions.partnerId))
    .where(eq(partnerSessions.id, partnerSessionId))
  if (!row) throw new AppError('not_partner_session', 404)
  return {
    partner: partnerFace(row.partner),
    prefill: prefillOf(row.visit.prefill),
    locked: row.visit.locked,
    partnerOrderId: row.visit.partnerOrderId,
    orderReference: (await lastOrderOfVisit(db, partnerSessionId))?.reference ?? null,
    language: row.visit.language,
  }
}

/** The order the visit made last, if any. */
export async function lastOrderOfVisit(db: Database, partnerSessionId: string) {
  const [order] = await db
    .select({ reference: orders.reference, status: orders.status, methodGroup: orders.methodGroup })
    .from(orders)
    .where(eq(orders.partnerSessionId, partnerSessionId))
    .orderBy(desc(orders.createdAt))
    .limit(1)
  return order
}

/** What an order started in a visit must keep and is stamped with (`orderInitiateBuy`). */
export async function visitTermsOf({ db }: Pick<PartnerVisitDeps, 'db'>, partnerSessionId: string) {
  const [visit] = await db
    .select({
      partnerId: partnerSessions.partnerId,
      partnerOrderId: partnerSessions.partnerOrderId,
      prefill: partnerSessions.prefill,
      locked: partnerSessions.locked,
    })
    .from(partnerSessions)
    .where(eq(partnerSessions.id, partnerSessionId))
  return visit
}

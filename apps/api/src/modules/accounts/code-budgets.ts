import { and, eq, isNull, sql } from 'drizzle-orm'
import {
  CODE_DAILY_TRY_BUDGET,
  CODE_DAILY_TRY_BUDGET_PER_REQUESTER,
  CODE_HOURLY_CAP,
  CODE_RESEND_COOLDOWN_SECONDS,
} from '@exchange/shared/constants'
import type { Database } from '../../db/client'
import { type CodePurpose, codeRequestBudgets, codeTryBudgets } from '../../db/tables/modules/accounts'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** The requester of the rows that count for the whole e-mail, whoever asks. */
const WHOLE_EMAIL = '*'

export interface CodeRefusal {
  error: 'resend_too_soon' | 'resend_limit_reached' | 'codes_paused'
  retryAfterSeconds: number
}

export interface PausedRefusal extends CodeRefusal {
  error: 'codes_paused'
}

/**
 * Who asks for or tries a code (decision 074): `key` is the client address (`ip:…`); `owner` when the request proved
 * it is the account's owner (the right password, a trusted device of the account) or is the requester of the code it
 * asks again for. Strangers are counted on the e-mail as well as on themselves; the owner on themselves only.
 */
export interface CodeRequester {
  key: string
  owner: boolean
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`
const secondsUntil = (end: number, now: Date) => Math.max(1, Math.ceil((end - now.getTime()) / 1000))
const tryCap = (requester: string) =>
  requester === WHOLE_EMAIL ? CODE_DAILY_TRY_BUDGET : CODE_DAILY_TRY_BUDGET_PER_REQUESTER

/**
 * When codes are paused, for the whole e-mail (its daily tries are used up) or, given a requester, for that
 * requester alone: the refusal that says until when. Kept per e-mail whether or not an account exists, like every
 * budget here: the answers never tell the two apart.
 */
export async function codesPaused(
  db: Database,
  email: string,
  now: Date,
  requester = WHOLE_EMAIL,
): Promise<PausedRefusal | undefined> {
  const [budget] = await db
    .select()
    .from(codeTryBudgets)
    .where(and(eq(codeTryBudgets.email, email), eq(codeTryBudgets.requester, requester)))
  if (!budget) return undefined
  const ends = budget.windowStartedAt.getTime() + DAY_MS
  if (ends <= now.getTime() || budget.tries < tryCap(requester)) return undefined
  return { error: 'codes_paused', retryAfterSeconds: secondsUntil(ends, now) }
}

/** One request from one row: 30 s apart, five an hour. One guarded upsert decides, so parallel requests cannot both pass. */
async function takeRequestFrom(
  db: Database,
  email: string,
  purpose: CodePurpose,
  requester: string,
  now: Date,
): Promise<CodeRefusal | undefined> {
  const hourAgo = new Date(now.getTime() - HOUR_MS)
  const cooledDown = new Date(now.getTime() - CODE_RESEND_COOLDOWN_SECONDS * 1000)
  const windowOver = sql`${codeRequestBudgets.windowStartedAt} <= ${at(hourAgo)}`
  const taken = await db
    .insert(codeRequestBudgets)
    .values({ email, purpose, requester, windowStartedAt: now, requests: 1, lastRequestedAt: now })
    .onConflictDoUpdate({
      target: [codeRequestBudgets.email, codeRequestBudgets.purpose, codeRequestBudgets.requester],
      set: {
        windowStartedAt: sql`case when ${windowOver} then ${at(now)} else ${codeRequestBudgets.windowStartedAt} end`,
        requests: sql`case when ${windowOver} then 1 else ${codeRequestBudgets.requests} + 1 end`,
        lastRequestedAt: now,
      },
      setWhere: sql`${codeRequestBudgets.lastRequestedAt} <= ${at(cooledDown)} and (${windowOver} or ${codeRequestBudgets.requests} < ${CODE_HOURLY_CAP})`,
    })
    .returning({ requests: codeRequestBudgets.requests })
  if (taken.length === 1) return undefined
  const [budget] = await db
    .select()
    .from(codeRequestBudgets)
    .where(
      and(
        eq(codeRequestBudgets.email, email),
        eq(codeRequestBudgets.purpose, purpose),
        eq(codeRequestBudgets.requester, requester),
      ),
    )
  const cooldownEnds = (budget?.lastRequestedAt.getTime() ?? 0) + CODE_RESEND_COOLDOWN_SECONDS * 1000
  if (cooldownEnds > now.getTime())
    return { error: 'resend_too_soon', retryAfterSeconds: secondsUntil(cooldownEnds, now) }
  const windowEnds = (budget?.windowStartedAt.getTime() ?? 0) + HOUR_MS
  return { error: 'resend_limit_reached', retryAfterSeconds: secondsUntil(windowEnds, now) }
}

/**
 * Takes one code request of that purpose: 30 s apart and five an hour for the requester, and, for a stranger, for the
 * e-mail too. Each purpose has its own budgets, so reset requests cannot use up the codes of a new-device login; and
 * the owner is charged on their own budget only, so nobody else's requests keep the owner from a new code. A
 * stranger asks nothing while the e-mail's codes are paused; nobody asks while their own tries are used up.
 */
export async function takeCodeRequest(
  db: Database,
  email: string,
  purpose: CodePurpose,
  now: Date,
  requester: CodeRequester,
): Promise<{ ok: true } | { ok: false; refusal: CodeRefusal }> {
  const paused =
    (requester.owner ? undefined : await codesPaused(db, email, now)) ??
    (await codesPaused(db, email, now, requester.key))
  if (paused) return { ok: false, refusal: paused }
  const refusal =
    (await takeRequestFrom(db, email, purpose, requester.key, now)) ??
    (requester.owner ? undefined : await takeRequestFrom(db, email, purpose, WHOLE_EMAIL, now))
  return refusal ? { ok: false, refusal } : { ok: true }
}

/** Counts a code that goes out anyway (the first code of a sign-up), so the next request waits its 30 s. */
export async function stampCodeRequest(
  db: Database,
  email: string,
  purpose: CodePurpose,
  requester: string,
  now: Date,
): Promise<void> {
  for (const who of [WHOLE_EMAIL, requester])
    await db
      .insert(codeRequestBudgets)
      .values({ email, purpose, requester: who, windowStartedAt: now, requests: 1, lastRequestedAt: now })
      .onConflictDoUpdate({
        target: [codeRequestBudgets.email, codeRequestBudgets.purpose, codeRequestBudgets.requester],
        set: { windowStartedAt: now, requests: 1, lastRequestedAt: now },
      })
}

/** One try from one row's daily budget; the row stays locked until the caller's transaction ends. */
async function takeTryFrom(tx: Database, email: string, requester: string, now: Date): Promise<number | undefined> {
  const dayAgo = new Date(now.getTime() - DAY_MS)
  const windowOver = sql`${codeTryBudgets.windowStartedAt} <= ${at(dayAgo)}`
  const [taken] = await tx
    .insert(codeTryBudgets)
    .values({ email, requester, windowStartedAt: now, tries: 1 })
    .onConflictDoUpdate({
      target: [codeTryBudgets.email, codeTryBudgets.requester],
      set: {
        windowStartedAt: sql`case when ${windowOver} then ${at(now)} else ${codeTryBudgets.windowStartedAt} end`,
        tries: sql`case when ${windowOver} then 1 else ${codeTryBudgets.tries} + 1 end`,
        ownerNotifiedAt: sql`case when ${windowOver} then null else ${codeTryBudgets.ownerNotifiedAt} end`,
      },
      setWhere: sql`${windowOver} or ${codeTryBudgets.tries} < ${tryCap(requester)}`,
    })
    .returning({ tries: codeTryBudgets.tries })
  return taken?.tries
}

async function giveBackTryTo(tx: Database, email: string, requester: string): Promise<void> {
  await tx
    .update(codeTryBudgets)
    .set({ tries: sql`greatest(${codeTryBudgets.tries} - 1, 0)` })
    .where(and(eq(codeTryBudgets.email, email), eq(codeTryBudgets.requester, requester)))
}

/** The tries a code check took, to give back when the code was right. */
export interface CodeTry {
  requester: string
  /** The e-mail's tries used today counting this one; undefined when the e-mail's budget was not charged. */
  emailTries: number | undefined
}

/**
 * Takes one try from the e-mail's daily code budget and one from the requester's before a code is compared. Once the
 * e-mail's tries are used up, a stranger is refused; the requester the owner's code was sent to (`ownersCode`) still
 * tries it, on their own budget, so strangers' guesses from elsewhere cannot keep the owner's code from working. The
 * rows stay locked until the caller's transaction ends, so parallel guesses are counted one after the other.
 */
export async function takeCodeTry(
  tx: Database,
  email: string,
  requester: string,
  now: Date,
  ownersCode: boolean,
): Promise<{ ok: true; taken: CodeTry } | { ok: false; refusal: PausedRefusal }> {
  const emailTries = await takeTryFrom(tx, email, WHOLE_EMAIL, now)
  if (emailTries === undefined && !ownersCode) return { ok: false, refusal: await pausedFor(tx, email, now) }
  const own = await takeTryFrom(tx, email, requester, now)
  if (own === undefined) {
    if (emailTries !== undefined) await giveBackTryTo(tx, email, WHOLE_EMAIL)
    return { ok: false, refusal: await pausedFor(tx, email, now, requester) }
  }
  return { ok: true, taken: { requester, emailTries } }
}

async function pausedFor(tx: Database, email: string, now: Date, requester = WHOLE_EMAIL): Promise<PausedRefusal> {
  return (await codesPaused(tx, email, now, requester)) ?? { error: 'codes_paused', retryAfterSeconds: 1 }
}

/** A right code gives its tries back: the budgets count wrong tries only. */
export async function giveBackCodeTry(tx: Database, email: string, taken: CodeTry): Promise<void> {
  await giveBackTryTo(tx, email, taken.requester)
  if (taken.emailTries !== undefined) await giveBackTryTo(tx, email, WHOLE_EMAIL)
}

/** True for exactly one caller per budget window: the one that mails the owner that codes are paused. */
export async function claimPauseNotice(tx: Database, email: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(codeTryBudgets)
    .set({ ownerNotifiedAt: now })
    .where(
      and(
        eq(codeTryBudgets.email, email),
        eq(codeTryBudgets.requester, WHOLE_EMAIL),
        isNull(codeTryBudgets.ownerNotifiedAt),
      ),
    )
    .returning({ email: codeTryBudgets.email })
  return claimed.length === 1
}

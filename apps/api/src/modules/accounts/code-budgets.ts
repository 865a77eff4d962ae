import { and, eq, isNull, sql } from 'drizzle-orm'
import { CODE_DAILY_TRY_BUDGET, CODE_HOURLY_CAP, CODE_RESEND_COOLDOWN_SECONDS } from '@exchange/shared/constants'
import type { Database } from '../../db/client'
import { type CodePurpose, codeRequestBudgets, codeTryBudgets } from '../../db/schema'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

export interface CodeRefusal {
  error: 'resend_too_soon' | 'resend_limit_reached' | 'codes_paused'
  retryAfterSeconds: number
}

export interface PausedRefusal extends CodeRefusal {
  error: 'codes_paused'
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`
const secondsUntil = (end: number, now: Date) => Math.max(1, Math.ceil((end - now.getTime()) / 1000))

/**
 * When the e-mail's codes are paused (its daily tries are used up), the refusal that says until when. Kept per
 * e-mail whether or not an account exists, like every budget here: the answers never tell the two apart.
 */
export async function codesPaused(db: Database, email: string, now: Date): Promise<PausedRefusal | undefined> {
  const [budget] = await db.select().from(codeTryBudgets).where(eq(codeTryBudgets.email, email))
  if (!budget) return undefined
  const ends = budget.windowStartedAt.getTime() + DAY_MS
  if (ends <= now.getTime() || budget.tries < CODE_DAILY_TRY_BUDGET) return undefined
  return { error: 'codes_paused', retryAfterSeconds: secondsUntil(ends, now) }
}

/**
 * Takes one code request from the e-mail's budget of that purpose: 30 s apart, five an hour. Each purpose has its
 * own budget, so reset requests by a stranger cannot use up the codes of the owner's new-device login. One guarded
 * upsert decides, so parallel requests cannot both pass.
 */
export async function takeCodeRequest(
  db: Database,
  email: string,
  purpose: CodePurpose,
  now: Date,
): Promise<{ ok: true } | { ok: false; refusal: CodeRefusal }> {
  const paused = await codesPaused(db, email, now)
  if (paused) return { ok: false, refusal: paused }
  const hourAgo = new Date(now.getTime() - HOUR_MS)
  const cooledDown = new Date(now.getTime() - CODE_RESEND_COOLDOWN_SECONDS * 1000)
  const windowOver = sql`${codeRequestBudgets.windowStartedAt} <= ${at(hourAgo)}`
  const taken = await db
    .insert(codeRequestBudgets)
    .values({ email, purpose, windowStartedAt: now, requests: 1, lastRequestedAt: now })
    .onConflictDoUpdate({
      target: [codeRequestBudgets.email, codeRequestBudgets.purpose],
      set: {
        windowStartedAt: sql`case when ${windowOver} then ${at(now)} else ${codeRequestBudgets.windowStartedAt} end`,
        requests: sql`case when ${windowOver} then 1 else ${codeRequestBudgets.requests} + 1 end`,
        lastRequestedAt: now,
      },
      setWhere: sql`${codeRequestBudgets.lastRequestedAt} <= ${at(cooledDown)} and (${windowOver} or ${codeRequestBudgets.requests} < ${CODE_HOURLY_CAP})`,
    })
    .returning({ requests: codeRequestBudgets.requests })
  if (taken.length === 1) return { ok: true }
  const [budget] = await db
    .select()
    .from(codeRequestBudgets)
    .where(and(eq(codeRequestBudgets.email, email), eq(codeRequestBudgets.purpose, purpose)))
  const cooldownEnds = (budget?.lastRequestedAt.getTime() ?? 0) + CODE_RESEND_COOLDOWN_SECONDS * 1000
  if (cooldownEnds > now.getTime())
    return { ok: false, refusal: { error: 'resend_too_soon', retryAfterSeconds: secondsUntil(cooldownEnds, now) } }
  const windowEnds = (budget?.windowStartedAt.getTime() ?? 0) + HOUR_MS
  return { ok: false, refusal: { error: 'resend_limit_reached', retryAfterSeconds: secondsUntil(windowEnds, now) } }
}

/** Counts a code that goes out anyway (the first code of a sign-up), so the next request waits its 30 s. */
export async function stampCodeRequest(db: Database, email: string, purpose: CodePurpose, now: Date): Promise<void> {
  await db
    .insert(codeRequestBudgets)
    .values({ email, purpose, windowStartedAt: now, requests: 1, lastRequestedAt: now })
    .onConflictDoUpdate({
      target: [codeRequestBudgets.email, codeRequestBudgets.purpose],
      set: { windowStartedAt: now, requests: 1, lastRequestedAt: now },
    })
}

/**
 * Takes one try from the e-mail's daily code budget before a code is compared; answers how many tries the day has
 * used, or the refusal once none is left. The row stays locked until the caller's transaction ends, so parallel
 * guesses are counted one after the other.
 */
export async function takeCodeTry(
  tx: Database,
  email: string,
  now: Date,
): Promise<{ ok: true; tries: number } | { ok: false; refusal: PausedRefusal }> {
  const dayAgo = new Date(now.getTime() - DAY_MS)
  const windowOver = sql`${codeTryBudgets.windowStartedAt} <= ${at(dayAgo)}`
  const [taken] = await tx
    .insert(codeTryBudgets)
    .values({ email, windowStartedAt: now, tries: 1 })
    .onConflictDoUpdate({
      target: codeTryBudgets.email,
      set: {
        windowStartedAt: sql`case when ${windowOver} then ${at(now)} else ${codeTryBudgets.windowStartedAt} end`,
        tries: sql`case when ${windowOver} then 1 else ${codeTryBudgets.tries} + 1 end`,
        ownerNotifiedAt: sql`case when ${windowOver} then null else ${codeTryBudgets.ownerNotifiedAt} end`,
      },
      setWhere: sql`${windowOver} or ${codeTryBudgets.tries} < ${CODE_DAILY_TRY_BUDGET}`,
    })
    .returning({ tries: codeTryBudgets.tries })
  if (taken) return { ok: true, tries: taken.tries }
  return { ok: false, refusal: (await codesPaused(tx, email, now)) ?? { error: 'codes_paused', retryAfterSeconds: 1 } }
}

/** A right code gives its try back: the budget counts wrong tries only. */
export async function giveBackCodeTry(tx: Database, email: string): Promise<void> {
  await tx
    .update(codeTryBudgets)
    .set({ tries: sql`greatest(${codeTryBudgets.tries} - 1, 0)` })
    .where(eq(codeTryBudgets.email, email))
}

/** True for exactly one caller per budget window: the one that mails the owner that codes are paused. */
export async function claimPauseNotice(tx: Database, email: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(codeTryBudgets)
    .set({ ownerNotifiedAt: now })
    .where(and(eq(codeTryBudgets.email, email), isNull(codeTryBudgets.ownerNotifiedAt)))
    .returning({ email: codeTryBudgets.email })
  return claimed.length === 1
}

import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { loginThrottles } from '../../db/tables/modules/accounts'

/** Failed logins of one e-mail from one source that cost nothing: typos. */
const LOGIN_FREE_FAILURES = 5
const FIRST_DELAY_SECONDS = 30
const MAX_DELAY_SECONDS = 15 * 60
/** A source that has not failed for a day starts again with its free tries. */
const MEMORY_MS = 24 * 3_600_000

/** The wait after the nth failure: none for the first five, then 30 s doubling up to 15 minutes. */
export function loginDelaySeconds(failures: number): number {
  if (failures <= LOGIN_FREE_FAILURES) return 0
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** (failures - LOGIN_FREE_FAILURES - 1))
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`

/**
 * `loginDelaySeconds` as SQL branches on the count, one per count until the wait reaches its cap, each written out
 * from `loginDelaySeconds` itself: the rule exists once, in TypeScript.
 */
const delayBranches: string[] = []
for (let count = 1; loginDelaySeconds(count) < MAX_DELAY_SECONDS; count++) {
  delayBranches.push(`when ${count} then ${loginDelaySeconds(count)}`)
}
const DELAY_BRANCHES = delayBranches.join(' ')

/** The wait in seconds that follows the count `failures`, for the statement that counts the failure. */
function delaySecondsSql(failures: SQL): SQL {
  return sql`(case ${failures} ${sql.raw(DELAY_BRANCHES)} else ${sql.raw(String(MAX_DELAY_SECONDS))} end)`
}

/**
 * Takes a login try of the e-mail from one source (a trusted device of the account, else the client address)
 * before the password is checked, counted as a failure until `forgetLoginFailures` says it succeeded. A source that
 * is waiting answers the seconds left; other sources, such as the owner's own device, are not slowed down. One
 * statement counts the try and sets the wait that follows it, so parallel tries of one source are counted one by one
 * without a transaction around them.
 */
export async function takeLoginTry(
  db: Database,
  email: string,
  source: string,
  now: Date,
): Promise<{ ok: true } | { ok: false; retryAfterSeconds: number }> {
  const forgotten = sql`${loginThrottles.lastFailedAt} <= ${at(new Date(now.getTime() - MEMORY_MS))}`
  const failures = sql`(case when ${forgotten} then 1 else ${loginThrottles.failures} + 1 end)`
  const [taken] = await db
    .insert(loginThrottles)
    .values({
      email,
      source,
      failures: 1,
      lastFailedAt: now,
      blockedUntil: new Date(now.getTime() + loginDelaySeconds(1) * 1000),
    })
    .onConflictDoUpdate({
      target: [loginThrottles.email, loginThrottles.source],
      set: {
        failures,
        lastFailedAt: now,
        blockedUntil: sql`${at(now)} + ${delaySecondsSql(failures)} * interval '1 second'`,
      },
      // A source still waiting takes no try, and its count and wait stay as they are.
      setWhere: sql`${loginThrottles.blockedUntil} <= ${at(now)}`,
    })
    .returning({ failures: loginThrottles.failures })
  if (taken) return { ok: true }
  const [throttle] = await db
    .select({ blockedUntil: loginThrottles.blockedUntil })
    .from(loginThrottles)
    .where(and(eq(loginThrottles.email, email), eq(loginThrottles.source, source)))
  const waitMs = (throttle?.blockedUntil.getTime() ?? now.getTime()) - now.getTime()
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) }
}

/** A right password clears the source's failures. */
export async function forgetLoginFailures(db: Database, email: string, source: string): Promise<void> {
  await db.delete(loginThrottles).where(and(eq(loginThrottles.email, email), eq(loginThrottles.source, source)))
}

/**
 * A try taken but never checked (the server was too busy to hash the password) is given back: it was no failure. The
 * source was free to try when it was taken, so it is free again now.
 */
export async function giveBackLoginTry(db: Database, email: string, source: string, now: Date): Promise<void> {
  const where = and(eq(loginThrottles.email, email), eq(loginThrottles.source, source))
  await db.transaction(async (tx) => {
    await tx
      .update(loginThrottles)
      .set({ failures: sql`${loginThrottles.failures} - 1`, blockedUntil: now })
      .where(where)
    await tx.delete(loginThrottles).where(and(where, sql`${loginThrottles.failures} <= 0`))
  })
}

/** The account's own row: failures of every source that is not a trusted device of the account (decision 075). */
const ACCOUNT_SOURCE = '*'
/** Failures from untrusted sources an account takes in a day before it is guarded. */
const LOGIN_ACCOUNT_FREE_FAILURES = 10

/**
 * True while the account is guarded: its untrusted sources failed more than ten times in the day, wherever they came
 * from. A guarded account answers an untrusted login as a code step whatever the password, so guesses from many
 * addresses learn nothing, while the owner with the right password gets the e-mailed code and a trusted device signs in.
 */
export async function isAccountGuarded(db: Database, email: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ failures: loginThrottles.failures, lastFailedAt: loginThrottles.lastFailedAt })
    .from(loginThrottles)
    .where(and(eq(loginThrottles.email, email), eq(loginThrottles.source, ACCOUNT_SOURCE)))
  return (
    row !== undefined &&
    row.lastFailedAt.getTime() > now.getTime() - MEMORY_MS &&
    row.failures >= LOGIN_ACCOUNT_FREE_FAILURES
  )
}

/**
 * Counts a failure from an untrusted source on the account, in one statement; true for exactly one failure a day,
 * the one that makes the account guarded: its caller tells the owner.
 */
export async function countAccountFailure(db: Database, email: string, now: Date): Promise<boolean> {
  const forgotten = sql`${loginThrottles.lastFailedAt} <= ${at(new Date(now.getTime() - MEMORY_MS))}`
  const [counted] = await db
    .insert(loginThrottles)
    .values({ email, source: ACCOUNT_SOURCE, failures: 1, lastFailedAt: now, blockedUntil: now })
    .onConflictDoUpdate({
      target: [loginThrottles.email, loginThrottles.source],
      set: {
        failures: sql`(case when ${forgotten} then 1 else ${loginThrottles.failures} + 1 end)`,
        ownerNotifiedAt: sql`(case when ${forgotten} then null else ${loginThrottles.ownerNotifiedAt} end)`,
        lastFailedAt: now,
      },
    })
    .returning({ failures: loginThrottles.failures, ownerNotifiedAt: loginThrottles.ownerNotifiedAt })
  if (!counted || counted.failures < LOGIN_ACCOUNT_FREE_FAILURES || counted.ownerNotifiedAt !== null) return false
  const claimed = await db
    .update(loginThrottles)
    .set({ ownerNotifiedAt: now })
    .where(
      and(
        eq(loginThrottles.email, email),
        eq(loginThrottles.source, ACCOUNT_SOURCE),
        sql`${loginThrottles.ownerNotifiedAt} is null`,
      ),
    )
    .returning({ email: loginThrottles.email })
  return claimed.length === 1
}

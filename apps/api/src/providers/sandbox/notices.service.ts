import { and, eq, lte } from 'drizzle-orm'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { type SandboxNoticeParty, sandboxNotices } from '../../db/tables/providers/sandbox'
import { signNotice } from '../signed-notice'

/**
 * Wait after each unanswered attempt, in seconds: growing from a minute to a day, about three days in all, as Stripe
 * retries its webhooks; after the last one the notice is abandoned (the status lookup of decision 028 still finds
 * the payment).
 */
const NOTICE_RETRY_DELAYS_SECONDS = [60, 300, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 24 * 3600, 24 * 3600]
const RESEND_BATCH = 50

export interface SandboxNoticeDeps {
  db: Database
  clock: Clock
  /** The key each party signs with (the webhook secrets the exchange checks). */
  keys: Record<SandboxNoticeParty, Buffer>
  /** Where each party posts its notices, and the header its signature travels in (each party's own). */
  routes: Record<SandboxNoticeParty, { url: string; signatureHeader: string }>
  /** Posts a notice to the exchange and answers the HTTP status (0 when nothing came back). */
  post(request: { url: string; headers: Record<string, string>; body: string }): Promise<number>
}

export type SandboxNoticeService = ReturnType<typeof createSandboxNoticeService>

type Notice = typeof sandboxNotices.$inferSelect

/**
 * The sandbox card PSP's and pay-by-bank's outbox of notices. A notice is stored before it is sent and stays due
 * until the exchange answers 2xx, so a crash of the exchange while it handles one (which answers 500, or nothing) is
 * healed the way a real provider heals it: the notice comes again later, freshly signed.
 */
export function createSandboxNoticeService(deps: SandboxNoticeDeps) {
  return { send: send.bind(null, deps), resendUndeliveredNotices: resendUndeliveredNotices.bind(null, deps) }
}

async function attempt(deps: SandboxNoticeDeps, notice: Notice): Promise<boolean> {
  const { db, clock, keys, routes, post } = deps
  const now = clock.now()
  const delay = NOTICE_RETRY_DELAYS_SECONDS[Math.min(notice.attempts, NOTICE_RETRY_DELAYS_SECONDS.length - 1)]!
  // Claimed by moving its next attempt on first: two processes never send the same attempt, and a crash while
  // sending leaves it due again after the wait.
  const [claimed] = await db
    .update(sandboxNotices)
    .set({ attempts: notice.attempts + 1, nextAttemptAt: new Date(now.getTime() + delay * 1000) })
    .where(
      and(
        eq(sandboxNotices.id, notice.id),
        eq(sandboxNotices.status, 'pending'),
        eq(sandboxNotices.attempts, notice.attempts),
      ),
    )
    .returning()
  if (!claimed) return false
  const route = routes[claimed.party]
  // Signed at each attempt: the exchange refuses a signature older than five minutes, as it should.
  const signature = signNotice(keys[claimed.party], claimed.body, Math.floor(now.getTime() / 1000))
  let status: number
  try {
    status = await post({
      url: route.url,
      headers: { 'content-type': 'application/json', [route.signatureHeader]: signature },
      body: claimed.body,
    })
  } catch {
    status = 0
  }
  const delivered = status >= 200 && status < 300
  const exhausted = claimed.attempts > NOTICE_RETRY_DELAYS_SECONDS.length
  await db
    .update(sandboxNotices)
    .set({
      lastAnswerStatus: status,
      status: delivered ? 'delivered' : exhausted ? 'abandoned' : 'pending',
      ...(delivered && { deliveredAt: clock.now() }),
    })
    .where(eq(sandboxNotices.id, claimed.id))
  return delivered
}

/** Stores a notice and sends it at once; answers whether the exchange took it (else it is sent again later). */
async function send(
  deps: SandboxNoticeDeps,
  party: SandboxNoticeParty,
  eventId: string,
  body: string,
): Promise<boolean> {
  const { db, clock } = deps
  const [stored] = await db
    .insert(sandboxNotices)
    .values({
      id: eventId,
      party,
      body,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: clock.now(),
      createdAt: clock.now(),
    })
    .returning()
  return attempt(deps, stored!)
}

/**
 * The background job: sends again every notice whose wait has passed. Answers how many the exchange took this
 * time. Safe to run in several processes at once.
 */
async function resendUndeliveredNotices(deps: SandboxNoticeDeps): Promise<number> {
  const { db, clock } = deps
  const due = await db
    .select()
    .from(sandboxNotices)
    .where(and(eq(sandboxNotices.status, 'pending'), lte(sandboxNotices.nextAttemptAt, clock.now())))
    .orderBy(sandboxNotices.nextAttemptAt)
    .limit(RESEND_BATCH)
  let delivered = 0
  for (const notice of due) if (await attempt(deps, notice)) delivered += 1
  return delivered
}

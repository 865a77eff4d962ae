import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { partnerWebhookAttempts, partnerWebhookEvents } from '../../db/tables/modules/partner-webhooks'
import { partners } from '../../db/tables/modules/partners'
import { IN_FLIGHT_PER_PARTNER, attemptTimeoutMs, nextAttemptAfter } from './delivery-schedule'
import { type TryOutcome, postNotice } from './destination'
import type { PartnerEventRow, PartnerWebhookDeps } from './partner-webhooks-deps'
import { bodyOf, signedHeaders } from './signing'

/** One claim at a time across every process: the per-partner count a claim reads is then the true one. */
const CLAIM_LOCK = 7_115_001

/**
 * Takes up to `limit` notices that are due, each under a lease (decision 115): of each order only the oldest notice not
 * yet delivered nor given up (in order per order), at most IN_FLIGHT_PER_PARTNER of a partner at once counting those
 * already out, none of a partner whose endpoint is turned off (410) or has no address.
 */
export async function claimDue({ db, clock, leaseSeconds }: PartnerWebhookDeps, limit: number) {
  if (limit <= 0) return []
  const now = clock.now()
  const at = now.toISOString()
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${CLAIM_LOCK})`)
    const due = (await tx.execute(sql`
      WITH heads AS (
        SELECT DISTINCT ON (coalesce(order_id, id)) id, partner_id, seq, next_attempt_at, lease_until
        FROM partner_webhook_events
        WHERE delivered_at IS NULL AND gave_up_at IS NULL
        ORDER BY coalesce(order_id, id), seq
      ), out AS (
        SELECT partner_id, count(*) AS n FROM partner_webhook_events
        WHERE lease_until > ${at}::timestamptz GROUP BY partner_id
      ), ready AS (
        SELECT h.id, h.partner_id, h.seq, row_number() OVER (PARTITION BY h.partner_id ORDER BY h.seq) AS rank
        FROM heads h JOIN partners p ON p.id = h.partner_id
        WHERE h.next_attempt_at <= ${at}::timestamptz
          AND (h.lease_until IS NULL OR h.lease_until <= ${at}::timestamptz)
          AND p.webhook_url IS NOT NULL AND p.webhook_disabled_at IS NULL
      )
      SELECT r.id FROM ready r LEFT JOIN out o ON o.partner_id = r.partner_id
      WHERE r.rank <= ${IN_FLIGHT_PER_PARTNER} - coalesce(o.n, 0)
      ORDER BY r.seq LIMIT ${limit}`)) as { rows: { id: string }[] }
    if (due.rows.length === 0) return []
    return tx
      .update(partnerWebhookEvents)
      .set({
        leaseUntil: new Date(now.getTime() + leaseSeconds * 1000),
        attempts: sql`${partnerWebhookEvents.attempts} + 1`,
      })
      .where(
        inArray(
          partnerWebhookEvents.id,
          due.rows.map((row) => row.id),
        ),
      )
      .returning()
  })
}

/** Takes one notice now for an operator's "send again", unless a process is sending it; outside the schedule. */
export async function claimOne({ db, clock, leaseSeconds }: PartnerWebhookDeps, eventId: string, partnerId?: string) {
  const now = clock.now()
  const [claimed] = await db
    .update(partnerWebhookEvents)
    .set({ leaseUntil: new Date(now.getTime() + leaseSeconds * 1000) })
    .where(
      and(
        eq(partnerWebhookEvents.id, eventId),
        partnerId === undefined ? undefined : eq(partnerWebhookEvents.partnerId, partnerId),
        sql`(${partnerWebhookEvents.leaseUntil} IS NULL OR ${partnerWebhookEvents.leaseUntil} <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning()
  return claimed
}

/** Signs and sends a claimed notice once; answers what the try got and how long it took. */
export async function sendOnce(deps: PartnerWebhookDeps, event: PartnerEventRow) {
  const startedAt = deps.clock.now()
  const started = performance.now()
  const [partner] = await deps.db
    .select({ webhookUrl: partners.webhookUrl })
    .from(partners)
    .where(eq(partners.id, event.partnerId))
  const secrets = await deps.partners.liveSigningSecrets(event.partnerId)
  let outcome: TryOutcome
  if (!partner?.webhookUrl) outcome = { error: 'the partner has no webhook address' }
  else if (secrets.length === 0) outcome = { error: 'the partner has no signing secret' }
  else {
    const body = bodyOf(event)
    const headers = signedHeaders(secrets, event.id, startedAt, body)
    outcome = await postNotice(
      partner.webhookUrl,
      body,
      { ...headers },
      {
        production: deps.production,
        timeoutMs: attemptTimeoutMs(deps.leaseSeconds),
      },
    )
  }
  return { outcome, startedAt, durationMs: Math.round(performance.now() - started) }
}

type Sent = Awaited<ReturnType<typeof sendOnce>>

const delivered = (outcome: TryOutcome) =>
  outcome.statusCode !== undefined && outcome.statusCode >= 200 && outcome.statusCode < 300

/**
 * Records a try and what follows from it, in one transaction: 2xx delivered; 410 the notice given up and the partner's
 * endpoint turned off; anything else the next try by the schedule, or given up after the last. A manual try (an
 * operator's "send again") changes no schedule: it delivers, or leaves the notice as it was.
 */
export async function recordTry(
  deps: PartnerWebhookDeps,
  event: PartnerEventRow,
  { outcome, startedAt, durationMs }: Sent,
  manual: boolean,
): Promise<void> {
  const now = deps.clock.now()
  const id = partnerWebhookEvents.id
  await deps.db.transaction(async (tx) => {
    await tx.insert(partnerWebhookAttempts).values({
      eventId: event.id,
      partnerId: event.partnerId,
      attempt: sql`(SELECT count(*)::int + 1 FROM partner_webhook_attempts WHERE event_id = ${event.id})`,
      startedAt,
      durationMs,
      statusCode: outcome.statusCode ?? null,
      error: outcome.error ?? null,
      manual,
    })
    // Only the process that holds the lease moves the notice on: one whose lease lapsed meanwhile leaves it be.
    const ours = and(eq(id, event.id), eq(partnerWebhookEvents.leaseUntil, event.leaseUntil!))
    if (delivered(outcome)) {
      const at = sql`coalesce(${partnerWebhookEvents.deliveredAt}, ${now.toISOString()}::timestamptz)`
      await tx.update(partnerWebhookEvents).set({ deliveredAt: at, gaveUpAt: null }).where(eq(id, event.id))
    } else if (outcome.statusCode === 410) {
      await deps.partners.disableWebhook(tx, event.partnerId, now)
      await tx
        .update(partnerWebhookEvents)
        .set({ gaveUpAt: now })
        .where(and(ours, isNull(partnerWebhookEvents.deliveredAt)))
    } else if (!manual) {
      const next = nextAttemptAfter(event.attempts, now)
      await tx
        .update(partnerWebhookEvents)
        .set(next ? { nextAttemptAt: next } : { gaveUpAt: now })
        .where(ours)
    }
    await tx.update(partnerWebhookEvents).set({ leaseUntil: null }).where(ours)
  })
}

import { and, desc, eq, inArray, lt } from 'drizzle-orm'
import { z } from 'zod'
import { partnerWebhookAttempts, partnerWebhookEvents } from '../../db/tables/modules/partner-webhooks'
import { orders } from '../../db/tables/modules/orders'
import { partners } from '../../db/tables/modules/partners'
import { AppError } from '../../errors'
import { claimOne, recordTry, sendOnce } from './delivery'
import { queuePartnerEvent } from './partner-events'
import type { PartnerWebhookDeps } from './partner-webhooks-deps'

const Paging = z.object({
  /** Events older than this `seq` (the previous page's `nextBefore`). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
})

function assertId(id: string): void {
  if (!z.uuid().safeParse(id).success) throw new AppError('not_found', 404)
}

/** The partner as the log shows it: its address and whether a 410 turned its notices off. */
async function partnerOf({ db }: PartnerWebhookDeps, partnerId: string) {
  assertId(partnerId)
  const [partner] = await db
    .select({
      id: partners.id,
      slug: partners.slug,
      displayName: partners.displayName,
      webhookUrl: partners.webhookUrl,
      webhookDisabledAt: partners.webhookDisabledAt,
    })
    .from(partners)
    .where(eq(partners.id, partnerId))
  if (!partner) throw new AppError('not_found', 404)
  return partner
}

/** A partner's notices, newest first, each with its tries (oldest first): a page, and where the next one starts. */
export async function deliveryLog(deps: PartnerWebhookDeps, partnerId: string, paging: unknown = {}) {
  const partner = await partnerOf(deps, partnerId)
  const page = Paging.safeParse(paging)
  if (!page.success) throw new AppError('validation_failed', 400)
  const { before, limit } = page.data
  const events = await deps.db
    .select({ event: partnerWebhookEvents, orderReference: orders.reference })
    .from(partnerWebhookEvents)
    .leftJoin(orders, eq(orders.id, partnerWebhookEvents.orderId))
    .where(
      and(
        eq(partnerWebhookEvents.partnerId, partnerId),
        before === undefined ? undefined : lt(partnerWebhookEvents.seq, before),
      ),
    )
    .orderBy(desc(partnerWebhookEvents.seq))
    .limit(limit + 1)
  const shown = events.slice(0, limit)
  const tries =
    shown.length === 0
      ? []
      : await deps.db
          .select()
          .from(partnerWebhookAttempts)
          .where(
            inArray(
              partnerWebhookAttempts.eventId,
              shown.map(({ event }) => event.id),
            ),
          )
          .orderBy(partnerWebhookAttempts.id)
  return {
    partner,
    events: shown.map(({ event, orderReference }) => ({
      ...event,
      orderReference,
      tries: tries.filter((attempt) => attempt.eventId === event.id),
    })),
    nextBefore: events.length > limit ? shown.at(-1)!.event.seq : null,
  }
}

/**
 * An operator's "send again": one try now, outside the schedule, marked manual. A notice given up (or turned off by a
 * 410) that this try delivers counts as delivered. Refused while a process is sending it.
 */
export async function sendAgain(deps: PartnerWebhookDeps, eventId: string, partnerId?: string) {
  assertId(eventId)
  if (partnerId !== undefined) assertId(partnerId)
  const event = await claimOne(deps, eventId, partnerId)
  if (!event) {
    const [known] = await deps.db
      .select({ id: partnerWebhookEvents.id })
      .from(partnerWebhookEvents)
      .where(
        and(
          eq(partnerWebhookEvents.id, eventId),
          partnerId === undefined ? undefined : eq(partnerWebhookEvents.partnerId, partnerId),
        ),
      )
    if (!known) throw new AppError('not_found', 404)
    throw new AppError('service_unavailable', 409, { retryAfterSeconds: deps.leaseSeconds })
  }
  const sent = await sendOnce(deps, event)
  await recordTry(deps, event, sent, true)
  return { partnerId: event.partnerId, ...sent.outcome }
}

/** A `test` notice through the same queue and schedule as every other; refused for a partner with no address. */
export async function sendTestEvent(deps: PartnerWebhookDeps, partnerId: string) {
  const partner = await partnerOf(deps, partnerId)
  const now = deps.clock.now()
  const eventId = await queuePartnerEvent(
    deps.db,
    { partnerId, orderId: null, type: 'test', data: { partner: partner.slug, sentAt: now.toISOString() } },
    now,
  )
  if (!eventId) throw new AppError('validation_failed', 400, { fields: { webhookUrl: 'the partner has none' } })
  return { eventId }
}

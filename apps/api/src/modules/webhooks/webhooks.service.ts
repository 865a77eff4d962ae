import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { webhookEvents } from '../../db/schema'

export type WebhookService = ReturnType<typeof createWebhookService>

export function createWebhookService({ db, clock }: { db: Database; clock: Clock }) {
  /** True the first time an event id of a provider is seen; false for every repeat delivery. */
  async function claimEvent(provider: string, eventId: string): Promise<boolean> {
    const inserted = await db.insert(webhookEvents).values({ provider, eventId, receivedAt: clock.now() }).onConflictDoNothing().returning({ eventId: webhookEvents.eventId })
    return inserted.length === 1
  }
  return { claimEvent }
}

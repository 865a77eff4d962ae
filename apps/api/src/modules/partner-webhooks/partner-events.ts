import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client'

/** What a partner is told (docs/partner-webhooks.md); `test` is the operator's "send a test event". */
type PartnerEventType = 'order.status_changed' | 'order.checks_required' | 'test'

export interface PartnerEvent {
  partnerId: string
  /** The order it tells of (its notices are delivered in order); null for a test event. */
  orderId: string | null
  type: PartnerEventType
  /** The body's `data`: never the customer's personal data. */
  data: Record<string, unknown>
}

/**
 * Writes a notice owed to a partner in the caller's transaction, so that it exists exactly when what it tells was
 * stored (decision 115). A partner with no webhook address is owed nothing: no row is written. One statement.
 * Answers the new event's id, or null when none was written.
 */
export async function queuePartnerEvent(tx: Database, event: PartnerEvent, at: Date): Promise<string | null> {
  const when = at.toISOString()
  const result = (await tx.execute(sql`
    INSERT INTO partner_webhook_events (partner_id, order_id, type, payload, created_at, next_attempt_at)
    SELECT id, ${event.orderId}, ${event.type}, ${JSON.stringify(event.data)}::jsonb, ${when}::timestamptz,
      ${when}::timestamptz
    FROM partners WHERE id = ${event.partnerId} AND webhook_url IS NOT NULL
    RETURNING id`)) as { rows: { id: string }[] }
  return result.rows[0]?.id ?? null
}

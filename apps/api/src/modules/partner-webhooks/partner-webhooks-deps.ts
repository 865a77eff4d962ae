import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { partnerWebhookEvents } from '../../db/tables/modules/partner-webhooks'

export interface PartnerWebhookDeps {
  db: Database
  clock: Clock
  /** In production notices go only to public https addresses (decision 115). */
  production: boolean
  /** How long a process holds a notice it sends (PARTNER_WEBHOOK_LEASE_SECONDS). */
  leaseSeconds: number
  /** The partners module (handed in, not imported: partners reach orders, which queue notices here). */
  partners: PartnerEndpoints
}

/** What delivery asks of the partners module: the signing secrets, and the switch a 410 turns off. */
export interface PartnerEndpoints {
  liveSigningSecrets(partnerId: string): Promise<string[]>
  /** Inside the transaction that records the 410. */
  disableWebhook(tx: Database, partnerId: string, at: Date): Promise<void>
  enableWebhook(partnerId: string): Promise<void>
}

export type PartnerEventRow = typeof partnerWebhookEvents.$inferSelect

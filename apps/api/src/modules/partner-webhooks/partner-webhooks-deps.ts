import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { partnerWebhookEvents } from '../../db/tables/modules/partner-webhooks'
import type { PartnerService } from '../partners/partners.service'

export interface PartnerWebhookDeps {
  db: Database
  clock: Clock
  /** In production notices go only to public https addresses (decision 115). */
  production: boolean
  /** How long a process holds a notice it sends (PARTNER_WEBHOOK_LEASE_SECONDS). */
  leaseSeconds: number
  /** The partners module: the signing secrets, and the switch a 410 turns off. */
  partners: Pick<PartnerService, 'liveSigningSecrets' | 'disableWebhook' | 'enableWebhook'>
}

export type PartnerEventRow = typeof partnerWebhookEvents.$inferSelect

import type { Core, ModuleParts } from '../module-kit'
import { recurringJob } from '../module-kit'
import type { PartnerEndpoints } from './partner-webhooks-deps'
import { createPartnerWebhookService } from './partner-webhooks.service'

/** The recurring job that sends the notices due; each run claims what it sends under a lease. */
const DELIVER_PARTNER_WEBHOOKS_JOB = 'deliver-partner-webhooks'

/** How often the delivery job looks for due notices. */
const DELIVERY_EVERY_SECONDS = 5

/**
 * Notices of a partner's orders to the partner's server, Standard Webhooks signed, at least once, in order per order,
 * retried for at least 72 hours (decision 115). No route of its own: the operator's pages show the log and its actions.
 */
export function partnerWebhooksModule({ config, db, clock }: Core, partners: PartnerEndpoints) {
  const partnerWebhooks = createPartnerWebhookService({
    db,
    clock,
    production: config.env === 'production',
    leaseSeconds: config.partnerWebhookLeaseSeconds,
    partners,
  })
  const parts: ModuleParts = {
    // A run claims for 5 s and then finishes what it holds (10 s a try at most).
    jobs: [recurringJob(DELIVER_PARTNER_WEBHOOKS_JOB, DELIVERY_EVERY_SECONDS, 60, partnerWebhooks.deliverDue)],
  }
  return { partnerWebhooks, parts }
}

import { deliveryLog, sendAgain, sendTestEvent } from './delivery-log'
import { deliverDue } from './delivery-run'
import type { PartnerWebhookDeps } from './partner-webhooks-deps'

export type PartnerWebhookService = ReturnType<typeof createPartnerWebhookService>

/**
 * The notices to partners' servers (decision 115): what was sent, when and what came back; an operator's "send again",
 * a test notice, and turning an endpoint on again after a 410. Owns `partner_webhook_events` and
 * `partner_webhook_attempts`; the notices are written by `queuePartnerEvent` in the transaction of what they tell.
 */
export function createPartnerWebhookService(deps: PartnerWebhookDeps) {
  return {
    deliverDue: () => deliverDue(deps),
    deliveryLog: deliveryLog.bind(null, deps),
    sendAgain: sendAgain.bind(null, deps),
    sendTestEvent: sendTestEvent.bind(null, deps),
    /** Clears the 410's switch (the partners module writes it): the notices held since are sent in order. */
    enableWebhook: (partnerId: string) => deps.partners.enableWebhook(partnerId),
  }
}

import type { PartnerWebhookService } from '../partner-webhooks/partner-webhooks.service'
import type { OperatorServiceDeps } from './operator-deps'
import { logAction } from './operator-log'

export type PartnerDeliveries = ReturnType<typeof partnerDeliveries>

/**
 * What an operator does with a partner's notices (decision 115), each logged in operator_actions with who and what:
 * read the log, send a notice again, send a test notice, turn the notices on again after a 410.
 */
export function partnerDeliveries(
  deps: Pick<OperatorServiceDeps, 'db' | 'clock'>,
  partnerWebhooks: PartnerWebhookService,
) {
  return {
    deliveryLog: partnerWebhooks.deliveryLog,
    async sendAgain(operator: string, partnerId: string, eventId: string) {
      const outcome = await partnerWebhooks.sendAgain(eventId, partnerId)
      await logAction(deps, operator, 'partner_notice_sent_again', {}, { eventId, ...outcome })
      return outcome
    },
    async sendTestEvent(operator: string, partnerId: string) {
      const { eventId } = await partnerWebhooks.sendTestEvent(partnerId)
      await logAction(deps, operator, 'partner_test_notice_queued', {}, { partnerId, eventId })
      return { eventId }
    },
    async enableWebhook(operator: string, partnerId: string) {
      await partnerWebhooks.enableWebhook(partnerId)
      await logAction(deps, operator, 'partner_notices_turned_on', {}, { partnerId })
    },
  }
}

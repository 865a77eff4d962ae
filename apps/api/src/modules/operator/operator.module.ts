import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ErrorLogService } from '../error-log/error-log.service'
import type { Core, ModuleParts } from '../module-kit'
import type { PartnerWebhookService } from '../partner-webhooks/partner-webhooks.service'
import { operatorRoutes } from './operator.routes'
import { createOperatorService } from './operator.service'
import { partnerDeliveries } from './partner-deliveries'

type OperatorNeeds = Omit<Parameters<typeof createOperatorService>[0], 'db' | 'clock'>

/** The operators' pages: held payments, reviews, customers (decision 023), the web's errors (decision 120). Absent when no operator is configured. */
export function operatorModule(
  { config, db, clock }: Core,
  needs: OperatorNeeds,
  requireOperator: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  reads: { partnerWebhooks: PartnerWebhookService; errorLog: Pick<ErrorLogService, 'latestGroups'> },
): { parts: ModuleParts } {
  if (config.operators.length === 0) return { parts: {} }
  const operators = createOperatorService({ db, clock, ...needs })
  const deliveries = partnerDeliveries({ db, clock }, reads.partnerWebhooks)
  const routes = operatorRoutes({
    operators,
    partnerDeliveries: deliveries,
    errorGroups: reads.errorLog.latestGroups,
    requireOperator,
  })
  return { parts: { routes: [{ scope: 'root', prefix: '/operator', routes }] } }
}

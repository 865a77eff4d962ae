import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Core, ModuleParts } from '../module-kit'
import { operatorRoutes } from './operator.routes'
import { createOperatorService } from './operator.service'

type OperatorNeeds = Omit<Parameters<typeof createOperatorService>[0], 'db' | 'clock'>

/** The operators' pages: held payments, reviews, customers (decision 023). Absent when no operator is configured. */
export function operatorModule(
  { config, db, clock }: Core,
  needs: OperatorNeeds,
  requireOperator: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): { parts: ModuleParts } {
  if (config.operators.length === 0) return { parts: {} }
  const operators = createOperatorService({ db, clock, ...needs })
  return {
    parts: { routes: [{ scope: 'root', prefix: '/operator', routes: operatorRoutes({ operators, requireOperator }) }] },
  }
}

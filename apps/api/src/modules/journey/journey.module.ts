import type { Core, ModuleParts } from '../module-kit'
import { journeyRoutes } from './journey.routes'
import { type JourneyServiceDeps, createJourneyService } from './journey.service'
import { createPayoutGate } from './payout-gate'

/**
 * What a customer still owes before an order starts or a payout leaves (decision 036), and the gate that holds a
 * payout on every step that blocks it: details, identity, the order's wallet, source of funds and enhanced checks
 * (decisions 033, 036, 039).
 */
export function journeyModule({ config, db, clock }: Core, needs: Omit<JourneyServiceDeps, 'db' | 'clock' | 'policy'>) {
  const journey = createJourneyService({ db, clock, ...needs, policy: config.journey })
  const payoutGate = createPayoutGate({ journey, identity: needs.identity, publicUrl: config.publicUrl })
  const parts: ModuleParts = { routes: [{ scope: 'user', routes: journeyRoutes({ journey }) }] }
  return { journey, payoutGate, parts }
}

import type { JourneyAction, JourneyStepId } from '@exchange/shared/journey-steps'
import type { Visitor } from '../../providers/geoip/visitor-country'
import { stepRequired } from '../../errors'
import type { JourneyParts, PayoutTarget } from './journey-deps'
import { factsOf, ukFactsOf } from './journey-facts'
import { type OwedStep, blockingStep, owedSteps, stepStandings } from './journey-rules'

/** What the web shows: every owed step in order, the next one the customer can act on, and what blocks what. */
export async function journeyOf(
  deps: JourneyParts,
  customerId: string,
  visitor?: Visitor,
): Promise<{
  steps: OwedStep[]
  next: OwedStep | null
  blocked: Record<JourneyAction, JourneyStepId | null>
}> {
  const facts = await factsOf(deps, customerId, undefined, visitor)
  const steps = owedSteps(facts, deps.policy)
  return {
    steps,
    next: steps.find((step) => step.state === 'required') ?? null,
    blocked: {
      start_order: blockingStep(facts, deps.policy, 'start_order'),
      // Every order's payment asks for its own wallet; what is owed besides is the customer's.
      pay: blockingStep({ ...facts, payoutWallets: [] }, deps.policy, 'pay'),
      payout: blockingStep(facts, deps.policy, 'payout'),
    },
  }
}

/** Every step asked of the customer and where they stand with it, done ones included: the operators' view. */
export async function stepsOf(deps: JourneyParts, customerId: string) {
  const facts = await factsOf(deps, customerId)
  return stepStandings(facts, deps.policy).map(({ rule, standing }) => ({ step: rule.id, state: standing }))
}

/** The step that stands in the way of a new buy order, or null. */
export async function startOrderBlockedBy(
  deps: JourneyParts,
  customerId: string,
  visitor?: Visitor,
): Promise<JourneyStepId | null> {
  return blockingStep(await factsOf(deps, customerId, undefined, visitor), deps.policy, 'start_order')
}

/**
 * Refuses a new buy order with `step_required` naming the step the customer owes first. A UK customer's first
 * request to buy, refused or not, starts the 24-hour cooling-off (uk-regulation.md section 3).
 */
export async function assertMayStartOrder(deps: JourneyParts, customerId: string, visitor?: Visitor): Promise<void> {
  let facts = await factsOf(deps, customerId, undefined, visitor)
  if (facts.uk && facts.uk.coolingOff === 'required' && !deps.policy.skipSteps.includes('uk_cooling_off')) {
    const { coolingOffStarted } = await deps.ukSteps.standingsOf(customerId)
    if (!coolingOffStarted) {
      await deps.ukSteps.recordRequestToBuy(customerId)
      facts = { ...facts, uk: await ukFactsOf(deps, customerId, visitor) }
    }
  }
  const step = blockingStep(facts, deps.policy, 'start_order')
  if (step) throw stepRequired(step)
}

/**
 * Refuses to start (or show how to make) a payment with `step_required` naming the first step owed (decision 080):
 * identity verified, details complete, every step of a new order done and, for an order, its wallet proven. Without
 * an order (the customer's virtual IBAN), the wallet is asked when an order is paid.
 */
export async function assertMayPay(
  deps: JourneyParts,
  customerId: string,
  order: PayoutTarget | null,
  visitor?: Visitor,
): Promise<void> {
  const step = blockingStep(await factsOf(deps, customerId, order ?? 'none', visitor), deps.policy, 'pay')
  if (step) throw stepRequired(step)
}

/**
 * For fulfilment: the step that stands in the way of paying out, or null. With the order's wallet, that wallet must
 * be proven; without it, the wallets of all the customer's paid orders waiting for a payout.
 */
export async function payoutBlockedBy(
  deps: JourneyParts,
  customerId: string,
  order?: PayoutTarget,
): Promise<JourneyStepId | null> {
  return blockingStep(await factsOf(deps, customerId, order), deps.policy, 'payout')
}

import { z } from 'zod'

/**
 * The steps a customer may owe before money moves (decision 036). A later step (UK steps, agreement) is one more id
 * here and one more rule in the api's journey rules; callers ask "what blocks this action" and never name a step.
 */
export const JOURNEY_STEP_IDS = [
  'email',
  'source_of_funds',
  'enhanced_checks',
  'details',
  'identity',
  'wallet',
  'uk_risk_warning',
  'uk_categorisation',
  'uk_appropriateness',
  'uk_cooling_off',
  'agreement',
] as const
export const JourneyStepId = z.enum(JOURNEY_STEP_IDS)
export type JourneyStepId = z.infer<typeof JourneyStepId>

/**
 * What a step can stand in the way of: starting a buy order, starting any payment of an order (card, pay-by-bank, wire
 * or virtual IBAN instructions; decision 080), and paying out (delivering) a paid order.
 */
export const JOURNEY_ACTIONS = ['start_order', 'pay', 'payout'] as const
export const JourneyAction = z.enum(JOURNEY_ACTIONS)
export type JourneyAction = z.infer<typeof JourneyAction>

/**
 * Where an owed step stands: `required` (the customer has to do it), `in_review` (done by the customer, a person or
 * the identity provider decides), `rejected` (decided against the customer; support can help), `waiting` (nothing to
 * do until a time set by the server passes: the UK cooling-off, a locked assessment; `ukStatus` says when).
 */
export const JOURNEY_STEP_STATES = ['required', 'in_review', 'rejected', 'waiting'] as const
export const JourneyStepState = z.enum(JOURNEY_STEP_STATES)
export type JourneyStepState = z.infer<typeof JourneyStepState>

/**
 * The screen of each step (spec section 2 routes; the wallet's own screen is `/dashboard-wallets`, decision 039; the
 * spec names no route for the UK cooling-off, `prwait` follows its `pr…` family, decision 041).
 */
export const JOURNEY_STEP_SCREENS = {
  email: '/code',
  details: '/dashboard-details',
  source_of_funds: '/dashboard-sof',
  enhanced_checks: '/dashboard-quest',
  identity: '/dashboard-authstart',
  wallet: '/dashboard-wallets',
  uk_risk_warning: '/dashboard-prk',
  uk_categorisation: '/dashboard-prst',
  uk_appropriateness: '/dashboard-prquest',
  uk_cooling_off: '/dashboard-prwait',
  // The key terms first, then the agreement (`agr`) and the confirmation (`agr1`), decision 044.
  agreement: '/dashboard-disclaimer',
} as const satisfies Record<JourneyStepId, string>

/** Query parameter of the wallet screen naming the order whose wallet is to be proven (decision 039). */
export const WALLET_SCREEN_ORDER_PARAM = 'order'

/**
 * Where a customer does the step a paid order's payout waits for: the step's screen, and for the wallet the screen
 * opened on that order's wallet, so that it is prefilled and leads back to the order afterwards.
 */
export function payoutStepScreen(step: JourneyStepId, orderReference: string): string {
  const screen = JOURNEY_STEP_SCREENS[step]
  return step === 'wallet' ? `${screen}?${WALLET_SCREEN_ORDER_PARAM}=${encodeURIComponent(orderReference)}` : screen
}

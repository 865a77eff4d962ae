import { z } from 'zod'
import { type WebPath, pathForOrder } from './web-links'
import * as WEB_PATHS from './web-paths'

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
  email: WEB_PATHS.code,
  details: WEB_PATHS.details,
  source_of_funds: WEB_PATHS.sourceOfFunds,
  enhanced_checks: WEB_PATHS.questionnaire,
  identity: WEB_PATHS.authStart,
  wallet: WEB_PATHS.wallets,
  uk_risk_warning: WEB_PATHS.riskWarning,
  uk_categorisation: WEB_PATHS.categorisation,
  uk_appropriateness: WEB_PATHS.assessment,
  uk_cooling_off: WEB_PATHS.coolingOff,
  // The key terms first, then the agreement (`agr`) and the confirmation (`agr1`), decision 044.
  agreement: WEB_PATHS.disclaimer,
} as const satisfies Record<JourneyStepId, WebPath>

/**
 * Where a customer does the step a paid order's payout waits for: the step's screen, and for the wallet the screen
 * opened on that order's wallet, so that it is prefilled and leads back to the order afterwards.
 */
export function payoutStepScreen(step: JourneyStepId, orderReference: string): string {
  const screen = JOURNEY_STEP_SCREENS[step]
  return step === 'wallet' ? pathForOrder(screen, orderReference) : screen
}

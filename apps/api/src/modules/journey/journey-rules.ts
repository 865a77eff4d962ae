import { FIAT_CURRENCIES, type FiatCurrency } from '@exchange/shared/currencies'
import type { EnhancedCheckStatus } from '@exchange/shared/due-diligence.schemas'
import type { IdentityCheckStatus } from '@exchange/shared/identity.schemas'
import {
  JOURNEY_STEP_SCREENS,
  type JourneyAction,
  type JourneyStepId,
  type JourneyStepState,
} from '@exchange/shared/journey-steps'
import { compareAmounts, divideAmounts, sumAmounts } from '@exchange/shared/money'
import type { UkStepState } from '@exchange/shared/uk-steps.schemas'

/** What the engine knows about a customer, all of it read from stored records (the service loads it). */
export interface JourneyFacts {
  emailVerified: boolean
  /** Name, address, city, postal code, country and phone all given. */
  detailsComplete: boolean
  /** Country of residence from the customer's details, or null. */
  country: string | null
  /** Every country of residence the customer ever declared, the current one included (decision 081). */
  residences: readonly string[]
  beneficialOwnerDeclared: boolean
  sourceOfFundsGiven: boolean
  /** Declared in any answer ever given (`sof` or `quest`): a later "no" does not lift enhanced checks (decision 081). */
  declaredPoliticallyExposed: boolean
  declaredHighRiskCountryTies: boolean
  /** Where the latest questionnaire answer stands with the operators. */
  enhancedChecks: EnhancedCheckStatus
  /** When an operator approved the latest questionnaire answer, or null. */
  enhancedChecksApprovedAt: Date | null
  /**
   * The latest change the operator's approval did not see: `sof` answered again, or a move to another country of
   * residence (null when none). An approval older than it no longer clears enhanced checks (decision 081).
   */
  answersChangedAt: Date | null
  identity: IdentityCheckStatus
  /** Fiat paid for orders within the enhanced-checks window, per fiat. */
  paidVolume: Partial<Record<FiatCurrency, string>>
  /** The wallets a payout would go to, and whether the customer has proven each. */
  payoutWallets: readonly { crypto: string; address: string; proven: boolean }[]
  /** Where each UK step stands (decision 041), or null when the UK steps are not asked of this customer (decision 040). */
  uk: {
    riskWarning: UkStepState
    categorisation: UkStepState
    appropriateness: UkStepState
    coolingOff: UkStepState
  } | null
  /** Whether the customer signed the customer agreement in force (decision 044). */
  agreementSigned: boolean
}

/** The thresholds and switches of configuration (decision 036). */
export interface JourneyPolicy {
  /** Steps not asked at all (a demo or test without the step's screen; never in production). */
  skipSteps: readonly JourneyStepId[]
  /** Paid volume per fiat from which enhanced checks are asked. */
  enhancedChecksVolume: Record<FiatCurrency, string>
  highRiskCountries: readonly string[]
}

type StepStanding = 'done' | JourneyStepState

/** One step: which facts satisfy it, which actions it blocks while owed, and when it is asked at all. */
export interface JourneyRule {
  id: JourneyStepId
  blocks: readonly JourneyAction[]
  /** Actions the step blocks too once it was refused for good (a final identity rejection blocks new orders). */
  alsoBlocksWhenRejected?: readonly JourneyAction[]
  appliesWhen(facts: JourneyFacts, policy: JourneyPolicy): boolean
  standing(facts: JourneyFacts): StepStanding
}

export interface OwedStep {
  id: JourneyStepId
  state: JourneyStepState
  blocks: JourneyAction[]
  screen: string
}

/**
 * Whether the paid volume has reached the threshold. Volumes in several fiats add up as shares of each fiat's own
 * threshold (1,000 of 15,000 EUR plus 14,000 of 15,000 CHF reach it), so splitting purchases across currencies does
 * not stay under it, and no exchange rate between fiats is needed.
 */
export function paidVolumeReachesThreshold(
  paidVolume: JourneyFacts['paidVolume'],
  thresholds: JourneyPolicy['enhancedChecksVolume'],
): boolean {
  const shares = FIAT_CURRENCIES.flatMap((fiat) => {
    const amount = paidVolume[fiat]
    return amount === undefined ? [] : [divideAmounts(amount, thresholds[fiat], 10)]
  })
  return compareAmounts(sumAmounts(shares, 10), '1') >= 0
}

const always = () => true
const ukCustomer = (facts: JourneyFacts) => facts.uk !== null

const IDENTITY_STANDING: Record<IdentityCheckStatus, StepStanding> = {
  none: 'required',
  started: 'required',
  resubmission_requested: 'required',
  pending: 'in_review',
  review: 'in_review',
  approved: 'done',
  rejected: 'rejected',
}

const ENHANCED_STANDING: Record<EnhancedCheckStatus, StepStanding> = {
  not_answered: 'required',
  in_review: 'in_review',
  approved: 'done',
  rejected: 'rejected',
}

/**
 * The journey, one entry per step, in the order a customer meets them. A new step (UK steps, agreement) is one more
 * entry here; callers ask `blockingStep(facts, policy, action)` and never name a step.
 */
const JOURNEY_RULES: readonly JourneyRule[] = [
  {
    id: 'email',
    blocks: ['start_order', 'pay', 'payout'],
    appliesWhen: always,
    standing: (facts) => (facts.emailVerified ? 'done' : 'required'),
  },
  // The UK steps in the order of uk-regulation.md section 3 (COBS 4.12A): the personalised risk warning, the
  // categorisation statement and the appropriateness assessment; the cooling-off comes last, once source of funds and
  // enhanced checks (which may happen during the wait) are done. They hold back the start of an order and its payment.
  {
    id: 'uk_risk_warning',
    blocks: ['start_order', 'pay'],
    appliesWhen: ukCustomer,
    standing: (facts) => facts.uk?.riskWarning ?? 'done',
  },
  {
    id: 'uk_categorisation',
    blocks: ['start_order', 'pay'],
    appliesWhen: ukCustomer,
    standing: (facts) => facts.uk?.categorisation ?? 'done',
  },
  {
    id: 'uk_appropriateness',
    blocks: ['start_order', 'pay'],
    appliesWhen: ukCustomer,
    standing: (facts) => facts.uk?.appropriateness ?? 'done',
  },
  {
    // Before the first order (uk-regulation.md section 4): nothing is bought for money of unknown origin.
    id: 'source_of_funds',
    blocks: ['start_order', 'pay', 'payout'],
    appliesWhen: always,
    standing: (facts) => (facts.beneficialOwnerDeclared && facts.sourceOfFundsGiven ? 'done' : 'required'),
  },
  {
    // Enhanced checks: past the volume threshold, for declared PEPs and high-risk-country ties, for residents of a
    // high-risk country, and whenever a questionnaire was answered (its answers wait for a person in any case). They
    // cannot be undone by the customer (decision 081): a declaration or a residence counts once made, and answering
    // again or moving after an operator's approval asks for the questionnaire and a person again.
    id: 'enhanced_checks',
    blocks: ['start_order', 'pay', 'payout'],
    appliesWhen: (facts, policy) =>
      facts.declaredPoliticallyExposed ||
      facts.declaredHighRiskCountryTies ||
      [facts.country, ...facts.residences].some(
        (country) => country !== null && policy.highRiskCountries.includes(country),
      ) ||
      facts.enhancedChecks !== 'not_answered' ||
      paidVolumeReachesThreshold(facts.paidVolume, policy.enhancedChecksVolume),
    standing: (facts) =>
      facts.enhancedChecks === 'approved' &&
      facts.answersChangedAt !== null &&
      (facts.enhancedChecksApprovedAt === null || facts.enhancedChecksApprovedAt <= facts.answersChangedAt)
        ? 'required'
        : ENHANCED_STANDING[facts.enhancedChecks],
  },
  {
    id: 'uk_cooling_off',
    blocks: ['start_order', 'pay'],
    appliesWhen: ukCustomer,
    standing: (facts) => facts.uk?.coolingOff ?? 'done',
  },
  {
    // The customer agreement in force, signed last before an order (decision 044): the contract the order is made
    // under. A new version asks again before the next order; orders already paid are delivered under theirs.
    id: 'agreement',
    blocks: ['start_order', 'pay'],
    appliesWhen: always,
    standing: (facts) => (facts.agreementSigned ? 'done' : 'required'),
  },
  {
    // The web asks for details when the order is paid for (spec section 4): nothing is charged before they are given
    // (decision 080), and the payout needs the name identity checks.
    id: 'details',
    blocks: ['pay', 'payout'],
    appliesWhen: always,
    standing: (facts) => (facts.detailsComplete ? 'done' : 'required'),
  },
  {
    // Before the first payment of any order (decision 080; stricter than the CHF 1,000 / 30 days trigger of the Swiss
    // rules): nothing is charged that could not be delivered. A final rejection also stops new orders.
    id: 'identity',
    blocks: ['pay', 'payout'],
    alsoBlocksWhenRejected: ['start_order'],
    appliesWhen: always,
    standing: (facts) => IDENTITY_STANDING[facts.identity],
  },
  {
    // Crypto goes only to a wallet the customer has shown to be theirs (FINMA guidance 02/2019), proven before the
    // order is paid (decision 080).
    id: 'wallet',
    blocks: ['pay', 'payout'],
    appliesWhen: (facts) => facts.payoutWallets.length > 0,
    standing: (facts) => (facts.payoutWallets.every((wallet) => wallet.proven) ? 'done' : 'required'),
  },
]

/** Every step asked of this customer, in order, with where they stand: done, or its owed state (the back office). */
export function stepStandings(
  facts: JourneyFacts,
  policy: JourneyPolicy,
  rules: readonly JourneyRule[] = JOURNEY_RULES,
): { rule: JourneyRule; standing: StepStanding }[] {
  return rules
    .filter((rule) => !policy.skipSteps.includes(rule.id) && rule.appliesWhen(facts, policy))
    .map((rule) => ({ rule, standing: rule.standing(facts) }))
}

/** The steps the customer still owes, in order, each with the actions it blocks and its screen. */
export function owedSteps(
  facts: JourneyFacts,
  policy: JourneyPolicy,
  rules: readonly JourneyRule[] = JOURNEY_RULES,
): OwedStep[] {
  const owed: OwedStep[] = []
  for (const { rule, standing } of stepStandings(facts, policy, rules)) {
    if (standing === 'done') continue
    const blocks = standing === 'rejected' ? [...(rule.alsoBlocksWhenRejected ?? []), ...rule.blocks] : [...rule.blocks]
    owed.push({ id: rule.id, state: standing, blocks, screen: JOURNEY_STEP_SCREENS[rule.id] })
  }
  return owed
}

/** The first owed step that blocks this action, or null when the action may go ahead. */
export function blockingStep(
  facts: JourneyFacts,
  policy: JourneyPolicy,
  action: JourneyAction,
  rules: readonly JourneyRule[] = JOURNEY_RULES,
): JourneyStepId | null {
  return owedSteps(facts, policy, rules).find((step) => step.blocks.includes(action))?.id ?? null
}

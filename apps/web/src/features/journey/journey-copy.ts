import type { OwedStep } from '@exchange/shared/journey.schemas'
import type { JourneyStepId, JourneyStepState } from '@exchange/shared/journey-steps'
import { STEP_COPY } from '@exchange/shared/step-copy'
import { formatDateTime } from '../../lib/format'

/** Each step as the customer reads it: a name, what to do (shared copy) and the button to its screen. */
export const STEP_NAMES: Record<JourneyStepId, { title: string; action: string }> = {
  email: { title: 'E-mail address', action: 'Confirm your e-mail' },
  source_of_funds: { title: 'Source of funds', action: 'Answer the questions' },
  enhanced_checks: { title: 'Additional questions', action: 'Answer the questionnaire' },
  details: { title: 'Your details', action: 'Add your details' },
  identity: { title: 'Identity check', action: 'Verify your identity' },
  wallet: { title: 'Your wallet', action: 'Prove your wallet' },
  uk_risk_warning: { title: 'Risk warning', action: 'Read the risk warning' },
  uk_categorisation: { title: 'Investor type', action: 'Choose your investor type' },
  uk_appropriateness: { title: 'Cryptoasset questions', action: 'Answer the questions' },
  uk_cooling_off: { title: 'Time to think it over', action: 'See when you can continue' },
  agreement: { title: 'Customer agreement', action: 'Read and sign' },
}

export const STATE_LABELS: Record<JourneyStepState, string> = {
  required: 'Required',
  in_review: 'Being reviewed',
  rejected: 'Rejected',
  waiting: 'Waiting',
}

export const STATE_COLORS: Record<JourneyStepState, string> = {
  required: 'orange',
  in_review: 'blue',
  rejected: 'red',
  waiting: 'gray',
}

/** What the step holds up while it is owed: new orders, paying for one (decision 080), or sending the coins. */
function whatWaits(step: OwedStep): string {
  if (step.blocks.includes('start_order')) return 'new orders'
  return step.blocks.includes('pay') ? 'payments' : 'sending your coins'
}

/** When the step is needed, as the checks list says it. */
function neededBefore(step: OwedStep): string {
  if (step.blocks.includes('start_order')) return 'Needed before you can buy.'
  return step.blocks.includes('pay') ? 'Needed before you pay.' : 'Needed before we send your coins.'
}

/** What the state means for the customer, and what to do, in a sentence or two. */
export function stepExplanation(step: OwedStep): string {
  switch (step.state) {
    case 'required':
      return `${STEP_COPY[step.id]} ${neededBefore(step)}`
    case 'in_review':
      return step.id === 'identity'
        ? `Our identity partner is checking what you sent. You do not need to do anything; ${whatWaits(step)} wait until then.`
        : `A person at our team is checking your answers, usually within one working day. You do not need to do anything; ${whatWaits(step)} wait until then.`
    case 'rejected':
      return `We could not accept this, so ${whatWaits(step)} cannot go ahead. Please contact our support team.`
    case 'waiting':
      // A running cooling-off, or a pause after a failed attempt (decision 041): nothing to do until it ends.
      return `Nothing to do for now: this step opens again at a set time, which its page shows. ${whatWaits(step)[0]!.toUpperCase()}${whatWaits(step).slice(1)} wait until then.`
  }
}

/** The button of a step: act on it while it is required, else see where it stands. */
export function stepButtonLabel(step: OwedStep): string {
  if (step.state === 'required') return STEP_NAMES[step.id].action
  return step.state === 'in_review' || step.state === 'waiting' ? 'See where it stands' : 'See what to do'
}

/**
 * The one line the step's screen shows when the customer was sent there by a refused order (decision 038), and the
 * line the calculator shows when the step is waiting for a decision instead.
 */
export const STEP_REQUIRED_LINES: Record<JourneyStepId, string> = {
  email: 'Please confirm your e-mail address before you buy.',
  source_of_funds:
    'Before your first order we need to know where your money comes from. Your order is kept; we take you back to it afterwards.',
  enhanced_checks:
    'Your answers ask for a few more questions before you can buy. A person at our team then reviews them; the amount you typed is kept.',
  details: 'Please give us your details before you go on.',
  identity: 'Please verify your identity before you go on.',
  wallet: 'Please show that the wallet is yours before you go on.',
  uk_risk_warning: 'Before your first order, please read our risk warning.',
  uk_categorisation: 'Before your first order, please tell us which type of investor you are.',
  uk_appropriateness: 'Before your first order, please answer a few questions about cryptoassets.',
  uk_cooling_off: 'Your first order can start once your 24 hours to think it over have passed.',
  agreement:
    'Before your order, please read and sign our customer agreement. Your order is kept; we take you back to it afterwards.',
}

/** A step locked after an answer that did not pass: when it opens again, and that nothing can be done before. */
export function lockedLine(step: JourneyStepId, until: string): string {
  return `${STEP_NAMES[step].title}: available again at ${formatDateTime(until)}. Nothing to do until then.`
}

/** The calculator's line for an order refused for a step the customer cannot act on now; `lockedUntil` for a lock. */
export function waitingLine(step: OwedStep, lockedUntil?: string): string {
  if (step.state === 'waiting' && lockedUntil)
    return `You cannot start an order yet. ${lockedLine(step.id, lockedUntil)} Your amount is kept.`
  if (step.state === 'waiting') return `${STEP_REQUIRED_LINES[step.id]} Your amount is kept.`
  return step.state === 'rejected'
    ? `You cannot start a new order: we could not accept your ${STEP_NAMES[step.id].title.toLowerCase()}. Please contact our support team.`
    : `You can buy again once our team has reviewed your ${STEP_NAMES[step.id].title.toLowerCase()}. Your amount is kept.`
}

/**
 * What a paid order waiting for `step` asks of the customer (decision 087): the step's action while the customer can
 * act on it (also when the journey does not list it: the wallet of one order), else where it stands.
 */
export function waitingOrderAction(
  step: JourneyStepId,
  owed: OwedStep | undefined,
): { explanation: string; button: string; required: boolean } {
  const state = owed?.state ?? 'required'
  const what = STEP_NAMES[step].title
  switch (state) {
    case 'required':
      return {
        explanation: `Your coins are bought and sent once this is done: ${STEP_COPY[step]}`,
        button: STEP_NAMES[step].action,
        required: true,
      }
    case 'in_review':
      return {
        explanation: `${what}: being reviewed. Your coins are sent once it is approved; you do not need to do anything.`,
        button: 'See where it stands',
        required: false,
      }
    case 'waiting':
      return {
        explanation: `${what}: available again at a set time, which its page shows. Your coins are sent once it is done.`,
        button: 'See when',
        required: false,
      }
    case 'rejected':
      return {
        explanation: `${what}: we could not accept it, so these coins cannot be sent. Please contact our support team.`,
        button: 'See what to do',
        required: false,
      }
  }
}

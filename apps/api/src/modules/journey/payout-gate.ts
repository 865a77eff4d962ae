import { JOURNEY_STEP_SCREENS, type JourneyStepId, payoutStepScreen } from '@exchange/shared/journey-steps'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import type { IdentityService } from '../identity/identity.service'
import type { JourneyService } from './journey.service'

/** The order whose payout is in question: its wallet must be proven, and the links lead back to it. */
export interface PayoutOrder {
  reference: string
  crypto: string
  wallet: string
}

/** A step the customer owes before crypto leaves for them, as they are told of it (mail and the order's timeline). */
export interface OwedPayoutStep {
  step: JourneyStepId
  /** What the customer is asked for, after "The law asks us to …", in plain words. */
  what: string
  /** Where the customer does it. */
  link: string
  /** The step was refused for good (an identity check rejected): the payments waiting for it go back. */
  refused: boolean
}

function whatIsAsked(step: JourneyStepId, order: PayoutOrder | undefined): string {
  switch (step) {
    case 'email':
      return 'confirm your e-mail address'
    case 'source_of_funds':
      return 'know where your money comes from'
    case 'enhanced_checks':
      return 'check your answers to a few more questions'
    case 'details':
      return 'know your full name, address and phone number'
    case 'identity':
      return 'confirm your identity'
    case 'wallet':
      if (!order || order.wallet === PLACEHOLDER_WALLET)
        return 'know the wallet your coins go to and make sure that it is yours'
      return `make sure that the wallet ${order.wallet} is yours`
    // The UK steps hold a first order, not a payout (decision 041); named here should a rule ever add them.
    case 'uk_risk_warning':
    case 'uk_categorisation':
    case 'uk_appropriateness':
    case 'uk_cooling_off':
      return 'complete the steps UK rules ask of you before a first purchase'
    // The agreement holds the next order, not a payout (decision 044).
    case 'agreement':
      return 'have your signature on our customer agreement'
  }
}

/**
 * Fulfilment's payout gate (decisions 033, 039): the journey engine's first step that blocks a payout of this order
 * (details, identity, the order's wallet, source of funds, enhanced checks), in the words the customer is told, or
 * null. Refused only when the identity check was rejected: other steps can still be done, so their orders wait.
 */
export function createPayoutGate({
  journey,
  identity,
  publicUrl,
}: {
  journey: Pick<JourneyService, 'payoutBlockedBy'>
  identity: Pick<IdentityService, 'identityStatusOf'>
  publicUrl: string | undefined
}) {
  return async function payoutGate(customerId: string, order?: PayoutOrder): Promise<OwedPayoutStep | null> {
    const blocking = await journey.payoutBlockedBy(
      customerId,
      order ? { crypto: order.crypto, wallet: order.wallet, reference: order.reference } : undefined,
    )
    if (!blocking) return null
    const { status } = await identity.identityStatusOf(customerId)
    // A final rejection is the reason, whichever step comes first: no other step done later could free the payout.
    const step = status === 'rejected' ? 'identity' : blocking
    const screen = order ? payoutStepScreen(step, order.reference) : JOURNEY_STEP_SCREENS[step]
    return {
      step,
      what: whatIsAsked(step, order),
      link: `${publicUrl ?? ''}${screen}`,
      refused: status === 'rejected',
    }
  }
}

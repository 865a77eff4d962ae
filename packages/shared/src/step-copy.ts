import type { JourneyStepId } from './journey-steps'

/** What each journey step asks of the customer, in a line (the web shows it with the step's screen). */
export const STEP_COPY = {
  email: 'Confirm your e-mail address with the code we sent you.',
  details: 'Tell us your name, address and phone number.',
  source_of_funds: 'Tell us where your money comes from and confirm that it is yours.',
  enhanced_checks: 'Answer a few more questions about you and your wealth; a person at our team then checks them.',
  identity: 'Verify your identity with an ID document and a selfie.',
  wallet: 'Show that the wallet you buy into is yours.',
  uk_risk_warning: 'Read our risk warning and choose whether to continue.',
  uk_categorisation: 'Tell us which type of investor you are and sign the statement.',
  uk_appropriateness: 'Answer a few questions about the risks of cryptoassets.',
  uk_cooling_off: 'Take 24 hours to think it over; then choose whether to continue.',
  agreement: 'Read and sign our customer agreement.',
} as const satisfies Record<JourneyStepId, string>

import type { ErrorCode } from './errors'

/** Form validation copy (spec section 5). Exact strings are requirements. */
export const VALIDATION_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'E-mail must be valid',
  emailTooLong: 'E-mail is too long',
  emailCharacters: 'E-mail contains invisible or control characters; please type it again',
  emailLookalikeDomain: 'E-mail domain mixes alphabets or uses full-width letters; please type it plainly',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  termsRequired: 'You must accept the terms and conditions',
  forgotEmailRequired: 'Please enter email',
  codeInvalid: 'Code must be 5 digits',
} as const

/** Screen alerts (spec section 8). */
export const ALERT_MESSAGES = {
  emailAlreadyRegistered: 'Email already registered, please login',
  checkDetails: 'Please check your details and try again',
  checkCode: 'Please check code and try again',
  wrongResetCode: 'Seems like the wrong code. Please try again',
  somethingWentWrong: 'Something went wrong, Please try again',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again',
  codeSent: 'Code sent!',
  codeNotReceived: 'Code not received?',
  /** A signed-in call refused the session the app had (revoked, expired): the login form says so (decision 125). */
  sessionEnded: 'Your session has ended. Please log in again.',
} as const

/**
 * Copy for the error codes the account screens (sign-up, login, codes, reset) meet, on every screen; the rest fall back
 * to the screen's message. The signed-in screens' own codes are in error-copy.ts, out of the first load (decision 124).
 */
export const ACCOUNT_ERROR_COPY: Partial<Record<ErrorCode, string>> = {
  'user already exists': ALERT_MESSAGES.emailAlreadyRegistered,
  rate_limited: ALERT_MESSAGES.tooManyAttempts,
  service_unavailable: 'We cannot answer right now. Please try again in a moment',
  resend_too_soon: 'Please wait 30 seconds before asking for another code',
  resend_limit_reached: 'Too many codes requested. Please try again later',
  codes_paused: 'Too many wrong codes were typed. For your safety, codes are paused for now',
}

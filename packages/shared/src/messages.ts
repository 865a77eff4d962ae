import type { ErrorCode } from './errors'

/** Form validation copy (spec section 5). Exact strings are requirements. */
export const VALIDATION_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'E-mail must be valid',
  emailTooLong: 'E-mail is too long',
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
} as const

/** Copy for error codes that have their own message on every screen; the rest fall back to the screen's message. */
export const ERROR_COPY: Partial<Record<ErrorCode, string>> = {
  'user already exists': ALERT_MESSAGES.emailAlreadyRegistered,
  rate_limited: ALERT_MESSAGES.tooManyAttempts,
  resend_too_soon: 'Please wait 30 seconds before asking for another code',
  resend_limit_reached: 'Too many codes requested. Please try again in an hour',
}

import { CODE_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants'
import { hasForbiddenCharacter, isHostName, isLookalikeDomain, normalizeEmailDomain } from './email-address'
import { VALIDATION_MESSAGES as M } from './messages'

/**
 * The account screens' field rules without a schema library, so the first page a visitor loads stays small (decision
 * 051). Each gives the same value and the same first message as the schema the api checks with (validators.ts and
 * accounts.schemas.ts); account-rules.test.ts holds them to that.
 */
export type RuleResult = { ok: true; value: string } | { ok: false; message: string }

const fail = (message: string): RuleResult => ({ ok: false, message })

/** Text, at sign, text, dot, text (spec section 5); no spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** As `Email`: trimmed and lower-cased, its domain in ASCII, lookalike and invisible characters refused. */
export function checkEmail(typed: string): RuleResult {
  const email = typed.trim().toLowerCase()
  if (email.length === 0) return fail(M.emailRequired)
  if (hasForbiddenCharacter(email)) return fail(M.emailCharacters)
  if (email.length > EMAIL_MAX_LENGTH) return fail(M.emailTooLong)
  if (!EMAIL_SHAPE.test(email)) return fail(M.emailInvalid)
  const domain = email.slice(email.lastIndexOf('@') + 1)
  if (isLookalikeDomain(domain)) return fail(M.emailLookalikeDomain)
  if (!isHostName(domain)) return fail(M.emailInvalid)
  const normalized = normalizeEmailDomain(email)
  if (normalized.length > EMAIL_MAX_LENGTH) return fail(M.emailTooLong)
  return { ok: true, value: normalized }
}

/** As `Password`: the rule for choosing one. */
export function checkNewPassword(password: string): RuleResult {
  if (password.length === 0) return fail(M.passwordRequired)
  if (password.length < PASSWORD_MIN_LENGTH) return fail(M.passwordTooShort)
  if (password.length > PASSWORD_MAX_LENGTH) return fail(M.passwordTooLong)
  return { ok: true, value: password }
}

/** As `LoginRequest.password`: logging in only needs a password, the length rule is for choosing one. */
export function checkLoginPassword(password: string): RuleResult {
  if (password.length === 0) return fail(M.passwordRequired)
  if (password.length > PASSWORD_MAX_LENGTH) return fail(M.passwordTooLong)
  return { ok: true, value: password }
}

const CODE_SHAPE = new RegExp(`^\\d{${CODE_LENGTH}}$`)

/** As `VerificationCode`: exactly five digits. */
export const isVerificationCode = (code: string): boolean => CODE_SHAPE.test(code)

const SIGNUP_TOKEN_SHAPE = /^[\w.-]+$/

/** As `SignupToken`: the affiliate token of `?az=`, printable and short; null when it is not one. */
export function signupTokenOf(typed: string | null): string | null {
  const token = typed?.trim() ?? ''
  return token.length >= 1 && token.length <= 64 && SIGNUP_TOKEN_SHAPE.test(token) ? token : null
}

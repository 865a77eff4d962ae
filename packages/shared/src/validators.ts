import { z } from 'zod'
import { CODE_LENGTH, EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants'
import { hasForbiddenCharacter, isHostName, isLookalikeDomain, normalizeEmailDomain } from './email-address'
import { VALIDATION_MESSAGES as M } from './messages'

/** Text, at sign, text, dot, text (spec section 5); no spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1)

/**
 * E-mail as typed: trimmed and lower-cased before it is checked, its domain in ASCII (IDNA), so the stored address is
 * canonical. Invisible and control characters are refused (a NUL cannot be stored, a bidi override hides what is
 * shown), and so are domains that could pass for another (fullwidth letters, mixed scripts).
 */
export const Email = z
  .string({ error: M.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, M.emailRequired)
  .refine((email) => !hasForbiddenCharacter(email), { message: M.emailCharacters, abort: true })
  .max(EMAIL_MAX_LENGTH, { message: M.emailTooLong, abort: true })
  .regex(EMAIL_SHAPE, { message: M.emailInvalid, abort: true })
  .refine((email) => !isLookalikeDomain(domainOf(email)), { message: M.emailLookalikeDomain, abort: true })
  .refine((email) => isHostName(domainOf(email)), { message: M.emailInvalid, abort: true })
  .overwrite(normalizeEmailDomain)
  .max(EMAIL_MAX_LENGTH, M.emailTooLong)

export const Password = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, M.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, M.passwordTooLong)

/** Exactly five digits. */
export const VerificationCode = z
  .string({ error: M.codeInvalid })
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), M.codeInvalid)

export const BrandName = z.string().trim().min(1).max(64)

/** Affiliate token from the `az` query parameter: printable, short. */
export const SignupToken = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w.-]+$/, 'Token may hold letters, digits, dot, dash and underscore')

/** The brand's company as the web sends it with mail-sending calls: plain text, without control or invisible characters. */
const CompanyText = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[^\p{Cc}\p{Cf}]*$/u, 'Contains control or invisible characters')
export const CompanyDetails = z.object({
  name: CompanyText(200),
  address: CompanyText(500),
})
export type CompanyDetails = z.infer<typeof CompanyDetails>

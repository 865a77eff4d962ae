import { z } from 'zod'
import { FailureAnswer, OkAnswer, answerOf, successAnswer } from './answer'
import { Language, LanguageChoice } from './language.schemas'
import { DEFAULT_LANGUAGE } from './languages'
import { DecimalString } from './money'
import { OrderSummary, WaitingOrder } from './orders.schemas'
import { BrandName, CompanyDetails, Email, Password, SignupToken, VerificationCode } from './validators'

/** Public account calls of spec section 7: `POST /v1/public/{name}`. */

export const SignUpRequest = z.object({
  email: Email,
  password: Password,
  token: SignupToken,
  brandName: BrandName,
  companyDetails: CompanyDetails,
  /**
   * The language the customer's e-mails are written in (decision 131), the one the sign-up page was shown in; without
   * it the request's Accept-Language decides.
   */
  language: LanguageChoice.optional(),
})
export type SignUpRequest = z.infer<typeof SignUpRequest>
export const SignUpAnswer = answerOf(OkAnswer)
export type SignUpAnswer = z.infer<typeof SignUpAnswer>

export const LoginRequest = z.object({
  email: Email,
  // Login only checks presence: the length rule belongs to choosing a password, not to typing an old one.
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(128, 'Password must be at most 128 characters'),
  brandName: BrandName,
  companyDetails: CompanyDetails,
})
export type LoginRequest = z.infer<typeof LoginRequest>

export const TokenData = z.object({ token: z.string().min(1) })

/**
 * With two-factor sign-in on (decision 124), the password (and a new device's e-mailed code) answer this instead of a
 * token: the ticket of the second step, valid for ten minutes, and the factors the customer has.
 */
export const SecondFactorStep = z.object({
  ticket: z.string(),
  methods: z.array(z.enum(['totp', 'passkey'])),
})
export type SecondFactorStep = z.infer<typeof SecondFactorStep>

/** Seconds until another code may be asked for (the screens say when); failures carry the same field. */
export const NextCodeIn = z.number().int().nonnegative()

/**
 * `code: true` means an e-mailed code must be entered on /code before a token is given; `retryAfterSeconds` says when
 * the code screen may ask for another one.
 */
export const LoginAnswer = answerOf(
  z.union([
    successAnswer({ code: z.literal(true), retryAfterSeconds: NextCodeIn.optional() }),
    successAnswer({ secondFactor: SecondFactorStep }),
    successAnswer({ code: z.literal(false).optional(), data: TokenData }),
  ]),
)
export type LoginAnswer = z.infer<typeof LoginAnswer>

export const VerifyCodeRequest = z.object({ email: Email, code: VerificationCode, brandName: BrandName })
export type VerifyCodeRequest = z.infer<typeof VerifyCodeRequest>
export const VerifyCodeAnswer = answerOf(
  z.union([successAnswer({ secondFactor: SecondFactorStep }), successAnswer({ data: TokenData })]),
)
export type VerifyCodeAnswer = z.infer<typeof VerifyCodeAnswer>

export const ResendCodeRequest = z.object({ email: Email, brandName: BrandName, companyDetails: CompanyDetails })
export type ResendCodeRequest = z.infer<typeof ResendCodeRequest>
export const ResendCodeAnswer = answerOf(successAnswer({ retryAfterSeconds: NextCodeIn.optional() }))

export const StartResetRequest = z.object({ email: Email, brandName: BrandName, companyDetails: CompanyDetails })
export type StartResetRequest = z.infer<typeof StartResetRequest>
export const StartResetAnswer = answerOf(successAnswer({ retryAfterSeconds: NextCodeIn.optional() }))

export const CheckResetCodeRequest = z.object({ email: Email, code: VerificationCode, brandName: BrandName })
export type CheckResetCodeRequest = z.infer<typeof CheckResetCodeRequest>
export const CheckResetCodeAnswer = answerOf(OkAnswer)

export const CompleteResetRequest = z.object({
  email: Email,
  code: VerificationCode,
  password: Password,
  brandName: BrandName,
  companyDetails: CompanyDetails.optional(),
})
export type CompleteResetRequest = z.infer<typeof CompleteResetRequest>
export const CompleteResetAnswer = answerOf(OkAnswer)

/** Signed-in calls: `POST /v1/user/{name}` with a Bearer token. */
export const UserRequest = z.object({ brandName: BrandName })
export type UserRequest = z.infer<typeof UserRequest>

export const UserDetails = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  /** The language stored on the customer (decision 131): the web adopts it after login. */
  language: Language.default(DEFAULT_LANGUAGE),
})
export type UserDetails = z.infer<typeof UserDetails>

export const GrossData = z.object({
  details: UserDetails,
  userName: z.string(),
  /** Fiat of the orders waiting for the customer's payment. */
  pendingBalance: DecimalString,
  /** Amount the signed agreement covers; zero until the agreement step exists. */
  agreementSum: DecimalString,
  /** Open orders (initiated or awaiting payment), newest first. */
  openOrder: z.array(OrderSummary),
  /**
   * Paid orders whose payout waits for a step of the customer's (`awaiting_checks`, decisions 033 and 039), newest
   * first, each with the step and the screen where it is done (decision 087).
   */
  waitingOrders: z.array(WaitingOrder).default([]),
})
export type GrossData = z.infer<typeof GrossData>
export const GetGrossAnswer = answerOf(successAnswer({ data: GrossData }))
export type GetGrossAnswer = z.infer<typeof GetGrossAnswer>

export const LogoutAnswer = answerOf(OkAnswer)

export { FailureAnswer }

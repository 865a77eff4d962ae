import { z } from 'zod'
import { answerOf, successAnswer } from './answer'
import { NextCodeIn, SecondFactorStep, TokenData } from './accounts.schemas'
import { CryptoCurrency, FiatCurrency } from './currencies'
import { Language } from './language.schemas'
import { ORDER_STATUSES } from './order-rules'
import { BrandName, CompanyDetails, Password, VerificationCode } from './validators'

/**
 * The partner mode's calls between the web and the api (decision 112). A partner's server opens a way in for its
 * customer (`POST /v1/partner/sessions`, the partner api) and sends the customer to `/mp?token=…`; the web claims
 * the token with `mplogin`, signs the customer in through the same call, reads the partner's context with
 * `mpSession`, and sends the customer back with the signed address `mpOgReturn` answers.
 */

/** The single-use token of a `/mp?token=…` address: 43 base64url characters (32 random bytes). */
export const PartnerLinkToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a partner link')

/** The partner named in a `/mp?partner=<slug>&token=…` address: a token claimed under another partner opens nothing. */
export const PartnerSlug = z.string().regex(/^[a-z0-9-]{2,40}$/, 'Not a partner')

/** The secret `mplogin` answers when it claims a token: carries the visit until the customer leaves. */
export const PartnerEntry = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a partner visit')

/** How the partner's customers see the exchange: its name, and the brand parts it overrides. */
export const PartnerFace = z.object({
  slug: z.string(),
  displayName: z.string(),
  brand: z.object({
    name: z.string().optional(),
    logoUrl: z.string().optional(),
    primaryColour: z.string().optional(),
  }),
})
export type PartnerFace = z.infer<typeof PartnerFace>

/** What the partner set in the order (each part absent when left to the customer); `locked`: not to be changed. */
export const PartnerPrefill = z.object({
  fiat: FiatCurrency.optional(),
  crypto: CryptoCurrency.optional(),
  network: z.string().optional(),
  fiatAmount: z.string().optional(),
  cryptoAmount: z.string().optional(),
  wallet: z.string().optional(),
})
export type PartnerPrefill = z.infer<typeof PartnerPrefill>

const publicFields = { brandName: BrandName, companyDetails: CompanyDetails }

/**
 * `POST /v1/public/mplogin`, in steps:
 * - `claim`: the token of `/mp?partner=<slug>&token=…`, once, under that partner, from the address the partner named, within its five minutes; answers
 *   the visit's `entry` secret, the e-mail the partner sent and whether it has an account here (`known`).
 * - `password`: a known customer's password (sign-in as at /login: a new browser also gets a code), or the password a
 *   new customer chooses (the account is made and a code mailed). Answers like `homelogin`.
 * - `code`: the e-mailed five-digit code; answers the session's token.
 * Every session `mplogin` starts is bound to the partner's visit.
 */
export const MpLoginRequest = z.discriminatedUnion('step', [
  z.object({ step: z.literal('claim'), partner: PartnerSlug, token: PartnerLinkToken, ...publicFields }),
  z.object({
    step: z.literal('password'),
    entry: PartnerEntry,
    // A known customer's password is only checked for presence (as at /login); a new one must follow the rules.
    password: z.string().min(1, 'Password is required').max(128, 'Password must be at most 128 characters'),
    ...publicFields,
  }),
  z.object({ step: z.literal('code'), entry: PartnerEntry, code: VerificationCode, ...publicFields }),
])
export type MpLoginRequest = z.infer<typeof MpLoginRequest>

/** The rules a new customer's password follows, for the web's form (the api checks them again). */
export const MpNewPassword = Password

export const MpClaimAnswer = successAnswer({
  data: z.object({
    entry: PartnerEntry,
    email: z.string(),
    known: z.boolean(),
    partner: PartnerFace,
    /** When the visit's entry stops opening anything (ISO). */
    entryExpiresAt: z.string(),
    /** The language the partner asked for, when it named one (decision 131): the web shows the visit in it. */
    language: Language.optional(),
  }),
})

export const MpLoginAnswer = answerOf(
  z.union([
    MpClaimAnswer,
    successAnswer({ code: z.literal(true), retryAfterSeconds: NextCodeIn.optional() }),
    successAnswer({ secondFactor: SecondFactorStep }),
    successAnswer({ code: z.literal(false).optional(), data: TokenData }),
  ]),
)
export type MpLoginAnswer = z.infer<typeof MpLoginAnswer>

/** `POST /v1/user/mpSession`: the partner's context of a session `mplogin` started; others get `not_partner_session`. */
export const MpSessionAnswer = answerOf(
  successAnswer({
    data: z.object({
      partner: PartnerFace,
      prefill: PartnerPrefill,
      locked: z.boolean(),
      partnerOrderId: z.string().nullable(),
      /** The order this visit made last, if any. */
      orderReference: z.string().nullable(),
      /** The language the partner asked for, if any (decision 131): the web shows the visit in it. */
      language: Language.nullable(),
    }),
  }),
)
export type MpSessionAnswer = z.infer<typeof MpSessionAnswer>

/** How a visit ended, as the partner is told on the way back. */
export const PARTNER_RETURN_STATUSES = ['completed', 'pending', 'failed', 'cancelled', 'left'] as const
export const PartnerReturnStatus = z.enum(PARTNER_RETURN_STATUSES)
export type PartnerReturnStatus = z.infer<typeof PartnerReturnStatus>

/**
 * `POST /v1/public/mpOgReturn`: ends the visit (its sessions are signed out) and answers the partner's return address
 * with `mp_reference`, `mp_partner_order_id`, `mp_status`, `mp_timestamp` and `mp_signature` added (decision 112).
 */
export const MpOgReturnRequest = z.object({ entry: PartnerEntry, ...publicFields })
export type MpOgReturnRequest = z.infer<typeof MpOgReturnRequest>
export const MpOgReturnAnswer = answerOf(
  successAnswer({ data: z.object({ url: z.string(), status: PartnerReturnStatus }) }),
)
export type MpOgReturnAnswer = z.infer<typeof MpOgReturnAnswer>

/** An order's status as partners read it (the api's own names). */
export const PartnerOrderStatus = z.enum(ORDER_STATUSES)

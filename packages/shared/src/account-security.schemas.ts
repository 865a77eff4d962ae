import { z } from 'zod'
import { OkAnswer, answerOf, successAnswer } from './answer'
import { Language, LanguageChoice } from './language.schemas'
import { SecondFactorProof } from './second-factor.schemas'
import { BrandName, Email, Password, VerificationCode } from './validators'

/**
 * The signed-in customer's security settings on /dashAccount (decision 121): `POST /v1/user/{name}`. Every change asks
 * for the current password again; it is typed, never kept.
 */

/** The current password, as a login takes it: present and not absurdly long; its length rule is for choosing one. */
export const CurrentPassword = z
  .string({ error: 'Type your current password' })
  .min(1, 'Type your current password')
  .max(128, 'Password must be at most 128 characters')

/**
 * What a sensitive action proves it is the customer: the current password, and with two-factor sign-in on a second
 * factor too (decision 124): an authenticator or recovery code, or a passkey's assertion.
 */
export const Reauthentication = { currentPassword: CurrentPassword, secondFactor: SecondFactorProof.optional() }

/** A sensitive call with nothing more than the proof (decision 124): turning the app off, new recovery codes. */
export const ProveItsYouRequest = z.object({ brandName: BrandName, ...Reauthentication })
export type ProveItsYouRequest = z.infer<typeof ProveItsYouRequest>
export const RemovePasskeyRequest = z.object({
  brandName: BrandName,
  ...Reauthentication,
  passkeyId: z.uuid('Not a passkey of yours'),
})
export type RemovePasskeyRequest = z.infer<typeof RemovePasskeyRequest>

export const ChangePasswordRequest = z.object({ brandName: BrandName, ...Reauthentication, newPassword: Password })
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>
/** `endedSessions`: how many other sessions were signed out. */
export const ChangePasswordAnswer = answerOf(successAnswer({ endedSessions: z.number().int().nonnegative() }))
export type ChangePasswordAnswer = z.infer<typeof ChangePasswordAnswer>

export const AccountSession = z.object({
  id: z.uuid(),
  /** The browser and system in plain words: "Firefox on Windows". */
  device: z.string(),
  /** The country of the address when known, and the address shortened: "Switzerland · 203.0.113.x". */
  place: z.string(),
  startedAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  /** The session this call was made with: "this device". */
  current: z.boolean(),
})
export type AccountSession = z.infer<typeof AccountSession>
export const ListSessionsAnswer = answerOf(successAnswer({ data: z.array(AccountSession) }))
export type ListSessionsAnswer = z.infer<typeof ListSessionsAnswer>

export const EndSessionRequest = z.object({ brandName: BrandName, sessionId: z.uuid('Not a session of yours') })
export type EndSessionRequest = z.infer<typeof EndSessionRequest>
export const EndSessionAnswer = answerOf(OkAnswer)
export const EndOtherSessionsAnswer = answerOf(successAnswer({ endedSessions: z.number().int().nonnegative() }))
export type EndOtherSessionsAnswer = z.infer<typeof EndOtherSessionsAnswer>

export const StartEmailChangeRequest = z.object({ brandName: BrandName, ...Reauthentication, newEmail: Email })
export type StartEmailChangeRequest = z.infer<typeof StartEmailChangeRequest>
/** `retryAfterSeconds`: when another code may be asked for. */
export const StartEmailChangeAnswer = answerOf(successAnswer({ retryAfterSeconds: z.number().int().nonnegative() }))
export type StartEmailChangeAnswer = z.infer<typeof StartEmailChangeAnswer>

export const ConfirmEmailChangeRequest = z.object({ brandName: BrandName, code: VerificationCode })
export type ConfirmEmailChangeRequest = z.infer<typeof ConfirmEmailChangeRequest>
export const ConfirmEmailChangeAnswer = answerOf(successAnswer({ email: z.string() }))
export type ConfirmEmailChangeAnswer = z.infer<typeof ConfirmEmailChangeAnswer>

/** The undo link's token: 43 characters of base64url (32 random bytes). */
export const UndoToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This link is not complete: open it from the e-mail')
export const UndoEmailChangeRequest = z.object({ brandName: BrandName, token: UndoToken })
export type UndoEmailChangeRequest = z.infer<typeof UndoEmailChangeRequest>
export const UndoEmailChangeAnswer = answerOf(successAnswer({ email: z.string() }))
export type UndoEmailChangeAnswer = z.infer<typeof UndoEmailChangeAnswer>

export const CloseAccountRequest = z.object({ brandName: BrandName, ...Reauthentication })
export type CloseAccountRequest = z.infer<typeof CloseAccountRequest>
/** Refused with `orders_in_progress`: `orders` names each order that blocks closing and what it waits for. */
export const BlockingOrder = z.object({ reference: z.string(), status: z.string(), reason: z.string() })
export type BlockingOrder = z.infer<typeof BlockingOrder>
export const CloseAccountAnswer = answerOf(
  z.union([
    successAnswer({ closed: z.literal(true) }),
    successAnswer({ closed: z.literal(false), orders: z.array(BlockingOrder) }),
  ]),
)
export type CloseAccountAnswer = z.infer<typeof CloseAccountAnswer>

/** The language of the customer's e-mails and of the web after login (decision 131), changed on /dashAccount. */
export const ChangeLanguageRequest = z.object({ brandName: BrandName, language: LanguageChoice })
export type ChangeLanguageRequest = z.infer<typeof ChangeLanguageRequest>
export const ChangeLanguageAnswer = answerOf(successAnswer({ language: Language }))
export type ChangeLanguageAnswer = z.infer<typeof ChangeLanguageAnswer>

import { z } from 'zod'
import { OkAnswer, answerOf, successAnswer } from './answer'
import { BrandName } from './validators'

/**
 * Two-factor sign-in (decision 124): an authenticator app's code (TOTP, RFC 6238), ten one-time recovery codes and
 * passkeys (WebAuthn). The signed-in calls are `POST /v1/user/{name}`, the login's second step `POST /v1/public/{name}`.
 */

/** Six digits of an authenticator app; spaces typed between them are dropped. */
export const TotpCode = z
  .string({ error: 'Type the 6-digit code from your authenticator app' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Type the 6-digit code from your authenticator app'))

/** A recovery code as shown: ten letters and digits in two groups of five (`7KQ2M-XP4RT`), any case, dash optional. */
export const RecoveryCode = z
  .string({ error: 'Type one of your recovery codes, like 7KQ2M-XP4RT' })
  .transform((value) => value.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-9]{10}$/, 'Type one of your recovery codes, like 7KQ2M-XP4RT'))

/** What a base64url field of a WebAuthn answer may be: bounded, so nothing absurd reaches the verifier. */
const B64 = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'Not base64url')

/** A browser's answer to `navigator.credentials.create()`, as `@simplewebauthn/browser` sends it. */
export const PasskeyRegistration = z.object({
  id: B64.min(1),
  rawId: B64.min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: B64.min(1),
    attestationObject: B64.min(1),
    transports: z.array(z.string().max(32)).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: B64.optional(),
    authenticatorData: B64.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
})
export type PasskeyRegistration = z.infer<typeof PasskeyRegistration>

/** A browser's answer to `navigator.credentials.get()`. */
export const PasskeyAssertion = z.object({
  id: B64.min(1),
  rawId: B64.min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: B64.min(1),
    authenticatorData: B64.min(1),
    signature: B64.min(1),
    userHandle: B64.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
})
export type PasskeyAssertion = z.infer<typeof PasskeyAssertion>

/** A challenge the api handed out (its id): an assertion answers exactly one, once, within five minutes. */
export const ChallengeId = z.uuid('This passkey request is not valid: try again')

/** A passkey's assertion with the challenge it answers. */
export const PasskeyProof = z.object({ challengeId: ChallengeId, response: PasskeyAssertion })
export type PasskeyProof = z.infer<typeof PasskeyProof>

/**
 * The second factor a sensitive action or the login's second step is given: an authenticator code, a recovery code
 * (either typed in `code`), or a passkey's assertion.
 */
export const SecondFactorProof = z.union([z.object({ code: z.string().max(64) }), z.object({ passkey: PasskeyProof })])
export type SecondFactorProof = z.infer<typeof SecondFactorProof>

/** The options `@simplewebauthn/browser` takes, as the api made them (opaque to the web app). */
const PasskeyOptions = z.record(z.string(), z.unknown())
export const PasskeyChallenge = z.object({ challengeId: z.uuid(), options: PasskeyOptions })
export type PasskeyChallenge = z.infer<typeof PasskeyChallenge>

export const Passkey = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
})
export type Passkey = z.infer<typeof Passkey>

/** The customer's factors: whether the authenticator app is on, how many recovery codes are left, their passkeys. */
export const SecondFactorStatus = z.object({
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int().nonnegative(),
  passkeys: z.array(Passkey),
})
export type SecondFactorStatus = z.infer<typeof SecondFactorStatus>
export const SecondFactorStatusAnswer = answerOf(successAnswer({ data: SecondFactorStatus }))
export type SecondFactorStatusAnswer = z.infer<typeof SecondFactorStatusAnswer>

/** A passkey's name as the customer gives it ("Work laptop"). */
export const PasskeyName = z
  .string({ error: 'Give the passkey a name' })
  .trim()
  .min(1, 'Give the passkey a name')
  .max(64, 'A name of at most 64 characters')

/** Starting the app: the secret in text (to type), its `otpauth://` link and the QR code of that link (an SVG data URL). */
export const TotpSetup = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCode: z.string() })
export type TotpSetup = z.infer<typeof TotpSetup>
export const StartTotpAnswer = answerOf(successAnswer({ data: TotpSetup }))
export type StartTotpAnswer = z.infer<typeof StartTotpAnswer>

export const ConfirmTotpRequest = z.object({ brandName: BrandName, code: TotpCode })
export type ConfirmTotpRequest = z.infer<typeof ConfirmTotpRequest>
/** The ten recovery codes, shown this once. */
export const RecoveryCodesAnswer = answerOf(successAnswer({ data: z.object({ recoveryCodes: z.array(z.string()) }) }))
export type RecoveryCodesAnswer = z.infer<typeof RecoveryCodesAnswer>

export const PasskeyChallengeAnswer = answerOf(successAnswer({ data: PasskeyChallenge }))
export type PasskeyChallengeAnswer = z.infer<typeof PasskeyChallengeAnswer>

export const AddPasskeyRequest = z.object({
  brandName: BrandName,
  challengeId: ChallengeId,
  name: PasskeyName,
  response: PasskeyRegistration,
})
export type AddPasskeyRequest = z.infer<typeof AddPasskeyRequest>
/** `recoveryCodes`: present when this passkey turned two-factor sign-in on (the first factor): shown this once. */
export const AddPasskeyAnswer = answerOf(
  successAnswer({ data: z.object({ passkey: Passkey, recoveryCodes: z.array(z.string()).optional() }) }),
)
export type AddPasskeyAnswer = z.infer<typeof AddPasskeyAnswer>

export const RenamePasskeyRequest = z.object({
  brandName: BrandName,
  passkeyId: z.uuid('Not a passkey of yours'),
  name: PasskeyName,
})
export type RenamePasskeyRequest = z.infer<typeof RenamePasskeyRequest>
export const OkSecondFactorAnswer = answerOf(OkAnswer)

/** The login's second step: the ticket the password step answered, and a second factor. */
export const LoginTicket = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Your sign-in has expired: log in again')
export const SecondFactorLoginRequest = z.union([
  z.object({ brandName: BrandName, ticket: LoginTicket, code: z.string().max(64) }),
  z.object({ brandName: BrandName, ticket: LoginTicket, passkey: PasskeyProof }),
])
export type SecondFactorLoginRequest = z.infer<typeof SecondFactorLoginRequest>
export const PasskeyLoginOptionsRequest = z.object({ brandName: BrandName, ticket: LoginTicket.optional() })
export type PasskeyLoginOptionsRequest = z.infer<typeof PasskeyLoginOptionsRequest>
export const PasskeyLoginRequest = z.object({ brandName: BrandName, passkey: PasskeyProof })
export type PasskeyLoginRequest = z.infer<typeof PasskeyLoginRequest>

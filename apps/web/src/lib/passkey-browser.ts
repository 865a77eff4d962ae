/**
 * The browser's side of passkeys (decision 124): `@simplewebauthn/browser` is loaded only when a customer uses or adds
 * a passkey, never with /login's or /dashboard's first load.
 */
import type { ErrorCode } from '@exchange/shared/errors'
import { passkeysCatalog } from './passkeys/messages'

type Options = Record<string, unknown>

/** Asks the browser to make a passkey for the api's options; answers what `addPasskey` takes. */
export async function createPasskey(options: Options): Promise<Record<string, unknown>> {
  const { startRegistration } = await import('@simplewebauthn/browser')
  const response = await startRegistration({ optionsJSON: options as never })
  return response as unknown as Record<string, unknown>
}

/** Asks the browser for a passkey's assertion for the api's options. */
export async function getPasskey(options: Options): Promise<Record<string, unknown>> {
  const { startAuthentication } = await import('@simplewebauthn/browser')
  const response = await startAuthentication({ optionsJSON: options as never })
  return response as unknown as Record<string, unknown>
}

/** Why the browser gave no passkey, in words: cancelled or timed out, not supported, or another failure. */
export function passkeyFailure(error: unknown): string {
  const name = (error as { name?: string } | null)?.name
  if (name === 'NotAllowedError' || name === 'AbortError') return passkeysCatalog.t('passkeys.passkey.cancelled')
  if (name === 'NotSupportedError' || (typeof window !== 'undefined' && !window.PublicKeyCredential))
    return passkeysCatalog.t('passkeys.passkey.unsupported')
  if (name === 'InvalidStateError') return passkeysCatalog.t('passkeys.passkey.alreadyRegistered')
  return passkeysCatalog.t('passkeys.passkey.failed')
}

const SECOND_FACTOR_REFUSALS = [
  'second_factor_required',
  'second_factor_invalid',
  'second_factor_used',
  'passkey_invalid',
  'passkey_challenge_invalid',
  'passkey_not_found',
  'login_ticket_invalid',
  'totp_not_started',
  'validation_failed',
  'rate_limited',
  'account_closed',
  'invalid_credentials',
] as const satisfies readonly ErrorCode[]
type SecondFactorRefusal = (typeof SECOND_FACTOR_REFUSALS)[number]

/** A refusal of the second-factor calls, in words in the customer's language; undefined for another code. */
export function secondFactorCopy(code: string): string | undefined {
  return (SECOND_FACTOR_REFUSALS as readonly string[]).includes(code)
    ? passkeysCatalog.t(`passkeys.secondFactor.${code as SecondFactorRefusal}`)
    : undefined
}

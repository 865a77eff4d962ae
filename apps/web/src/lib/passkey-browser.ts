/**
 * The browser's side of passkeys (decision 124): `@simplewebauthn/browser` is loaded only when a customer uses or adds
 * a passkey, never with /login's or /dashboard's first load.
 */
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
  if (name === 'NotAllowedError' || name === 'AbortError')
    return 'No passkey was used: the request was cancelled or timed out. Try again.'
  if (name === 'NotSupportedError' || (typeof window !== 'undefined' && !window.PublicKeyCredential))
    return 'This browser cannot use passkeys. Use your authenticator app instead.'
  if (name === 'InvalidStateError') return 'This passkey is already registered on your account.'
  return 'The passkey did not work. Try again.'
}

/** The refusals of the second-factor calls, in words. */
export const SECOND_FACTOR_COPY: Record<string, string> = {
  second_factor_required: 'Confirm with your authenticator app, a recovery code or a passkey.',
  second_factor_invalid: 'This code is not right: check your authenticator app or your recovery codes.',
  second_factor_used: 'This code was just used: wait for the next one in your authenticator app.',
  passkey_invalid: 'This passkey was not accepted. Try again, or use your authenticator app.',
  passkey_challenge_invalid: 'This passkey request has expired. Try again.',
  passkey_not_found: 'This passkey is no longer on your account.',
  login_ticket_invalid: 'Your sign-in has expired. Log in again.',
  totp_not_started: 'Start the set-up again: the secret was not found.',
  validation_failed: 'An authenticator code has 6 digits; a recovery code has 10 letters and digits.',
  rate_limited: 'Too many wrong codes. Wait a few minutes, then try again.',
  account_closed: 'This account is closed.',
  invalid_credentials: 'This is not your current password.',
}

import type { RequestOrigin } from '../sessions/sessions.service'
import type { PasskeyOrigin } from './passkeys'

/**
 * The origin and relying-party id of passkeys (decision 124): PUBLIC_URL's when set, as the e-mails' links use it;
 * else the request's own `protocol://host`, since the app and the api answer on one origin. Undefined when neither is
 * known: a passkey is then refused.
 */
export function passkeyOriginOf(publicUrl: string, origin: RequestOrigin): PasskeyOrigin | undefined {
  const base = publicUrl || origin.webOrigin
  if (!base) return undefined
  try {
    const url = new URL(base)
    return { origin: url.origin, rpID: url.hostname }
  } catch {
    return undefined
  }
}

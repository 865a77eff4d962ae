import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { postPublic } from '../../../lib/api-client'
import { okCheck, tokenCheck } from '../../../lib/answer-checks'
import { catalogLanguage } from '../../../lib/i18n/catalog'
import { passkeysCatalog } from '../../../lib/passkeys/messages'
import { getPasskey, passkeyFailure, secondFactorCopy } from '../../../lib/passkey-browser'

type Challenge = { result: true; data: { challengeId: string; options: Record<string, unknown> } }

/**
 * Signs in with a passkey alone (decision 124), loaded when the customer asks for it: the api's request, the browser's
 * passkey (any of this site's), the token. Answers the token, or a sentence saying why not.
 */
export async function signInWithPasskey(
  brandName: string,
): Promise<{ ok: true; token: string } | { ok: false; message: string }> {
  try {
    // The words of a refusal (decision 129); the login form does not load them until a passkey is used.
    await passkeysCatalog.load(catalogLanguage())
    const challenge = (await postPublic('passkeyLoginOptions', { brandName }, okCheck)) as
      Challenge | { result: false; error: string }
    if (!challenge.result) return { ok: false, message: ALERT_MESSAGES.somethingWentWrong }
    let response: Record<string, unknown>
    try {
      response = await getPasskey(challenge.data.options)
    } catch (failure) {
      return { ok: false, message: passkeyFailure(failure) }
    }
    const answer = await postPublic(
      'passkeySignIn',
      { brandName, passkey: { challengeId: challenge.data.challengeId, response } },
      tokenCheck,
    )
    if (answer.result) return { ok: true, token: answer.data.token }
    return { ok: false, message: secondFactorCopy(answer.error) ?? ALERT_MESSAGES.somethingWentWrong }
  } catch {
    return { ok: false, message: ALERT_MESSAGES.somethingWentWrong }
  }
}

import { ChangeLanguageAnswer } from '@exchange/shared/account-security.schemas'
import type { Language } from '@exchange/shared/languages'
import { postUser } from '../api-client'

/**
 * A signed-in customer's choice of language, stored on the customer (decision 131): their e-mails and their other
 * devices follow it. Loaded only when a signed-in customer switches (it brings the schema library). Answers whether it
 * was stored; a failure leaves the switch as it is, in this browser.
 */
export async function saveLanguage(brandName: string, language: Language): Promise<boolean> {
  try {
    const answer = await postUser('changeLanguage', { brandName, language }, ChangeLanguageAnswer)
    return answer !== false && answer.result
  } catch {
    return false
  }
}

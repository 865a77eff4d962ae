import type { Language } from '@exchange/shared/languages'
import { switchLanguage } from '../../lib/i18n/language'
import { storeLanguageOnAccount } from '../../lib/i18n/account-language'

/**
 * The customer chose a language on the account page (decision 129): the app switches, this browser remembers it, and
 * the customer's account stores it for the e-mails and the other devices (decision 131).
 */
export async function onLanguageChosen(brandName: string, language: Language): Promise<void> {
  await switchLanguage(language)
  await storeLanguageOnAccount(brandName, language)
}

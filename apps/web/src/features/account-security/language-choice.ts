import type { Language } from '@exchange/shared/languages'
import { switchLanguage } from '../../lib/i18n/language'

/**
 * The customer chose a language on the account page (decision 129). For now it only switches the app (and this
 * browser remembers it); storing the choice on the customer through the api, for the e-mails and the other devices,
 * is to be added here.
 */
export function onLanguageChosen(language: Language): Promise<void> {
  return switchLanguage(language)
}

import type { Language } from '@exchange/shared/languages'
import { readJwtCookie } from '../cookies'
import { catalogLanguage } from './catalog'
import { switchLanguage } from './language'
import { chosenLanguage } from './locale'

/*
 * The customer's language beyond this browser (decision 131): the account's after login, the partner's for a visit,
 * and a signed-in choice stored on the account. Apart from language.ts, so that /login does not load it.
 */

/**
 * A language the customer is known by elsewhere (their account after login, the partner who sent them): it applies
 * here unless this browser has a choice of its own, without becoming one (decision 131). Answers whether it switched.
 */
export async function adoptLanguage(language: Language): Promise<boolean> {
  // The pseudo-language (the tests' long words) is a choice too.
  if (chosenLanguage() || catalogLanguage() === 'pseudo' || language === catalogLanguage()) return false
  await switchLanguage(language, { remember: false })
  return true
}

/**
 * A signed-in customer's choice goes to their account too, for their e-mails and their other devices (decision 131);
 * its call is loaded only then (it brings the schema library). Answers whether it was stored.
 */
export function storeLanguageOnAccount(brandName: string, language: Language): Promise<boolean> {
  if (!readJwtCookie()) return Promise.resolve(false)
  return import('./save-language').then((module) => module.saveLanguage(brandName, language))
}

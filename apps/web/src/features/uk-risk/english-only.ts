import { catalogLanguage } from '../../lib/i18n/catalog'

/**
 * Whether the app speaks another language than the UK regulatory texts' English now (the pseudo-language is English):
 * the UK screens then say, above those texts, why they are in English (decision 129). No component library: the
 * banner on the home views asks it too (decision 051).
 */
export function speaksOtherThanEnglish(): boolean {
  const language = catalogLanguage()
  return language !== 'en' && language !== 'pseudo'
}

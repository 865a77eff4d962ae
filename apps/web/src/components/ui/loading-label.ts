import type { Language } from '@exchange/shared/languages'

/** "Loading" in each language, without a catalog: loaders show before and while catalogs arrive (decision 129). */
const LOADING: Record<Language, string> = { en: 'Loading', de: 'Wird geladen', fr: 'Chargement', it: 'Caricamento' }

export function loadingLabel(language: Language | 'pseudo'): string {
  return LOADING[language === 'pseudo' ? 'en' : language]
}

import type { Language } from '@exchange/shared/languages'
import { useSyncExternalStore } from 'react'
import {
  activateCatalogs,
  catalogLanguage,
  type CatalogLanguage,
  type LoadableCatalog,
  loadLoadedCatalogs,
} from './catalog'
import { activeLocale, LANGUAGE_CHOICE_KEY, rememberLanguage, resolveLocale, setActiveLocale } from './locale'

/**
 * The language in force and its switch (decision 129): the catalogs already shown are loaded in the new language first,
 * then everything switches at once (the catalogs, the locale numbers follow, `<html lang>`), and the app renders its screens
 * again under the new language.
 */

const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The pseudo-language is asked for by name in this browser's storage by the tests that look for text cut off. */
function pseudoAsked(): boolean {
  try {
    return window.localStorage.getItem(LANGUAGE_CHOICE_KEY) === 'pseudo'
  } catch {
    return false
  }
}

function activate(language: CatalogLanguage) {
  activateCatalogs(language)
  document.documentElement.lang = language === 'pseudo' ? 'en' : language
  for (const listener of listeners) listener()
}

/**
 * Loads the first screens' catalogs in the language in force and makes it the app's: started as the page starts, so
 * that they arrive while the brand loads.
 */
export function startLanguage(firstCatalogs: LoadableCatalog[]): Promise<void> {
  const language: CatalogLanguage = pseudoAsked() ? 'pseudo' : activeLocale().language
  return Promise.all(firstCatalogs.map((catalog) => catalog.load(language))).then(() => activate(language))
}

/**
 * The customer chose a language: remembered in this browser, loaded, then in force. `onSwitched` is told (a signed-in
 * customer's choice is stored for the e-mails).
 */
export async function switchLanguage(language: Language, { remember = true } = {}): Promise<void> {
  const from = catalogLanguage()
  if (remember) rememberLanguage(language)
  await loadLoadedCatalogs(language, from)
  setActiveLocale(resolveLocale(language))
  activate(language)
}

/** The language in force, for the components that render per language (the app's screens are rendered again). */
export function useLanguage(): CatalogLanguage {
  // The catalogs' language is the one source (the tests' setup sets it back to English after each test).
  return useSyncExternalStore(subscribe, catalogLanguage)
}

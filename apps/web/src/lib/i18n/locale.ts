import { formattingLocale, isLanguage, type Language, languageFromPreferences } from '@exchange/shared/languages'

/**
 * The language the app speaks and the locale its numbers and dates follow (decision 129). The customer's choice (the
 * switcher, kept in this browser) comes first, then the browser's languages, then English; the locale is the language
 * with the region the browser gives it (de-DE), else its home region (de-CH).
 */
export interface ActiveLocale {
  language: Language
  /** A BCP 47 tag for `Intl`, e.g. "de-CH". */
  locale: string
}

/** Where the customer's own choice of language is kept in this browser. */
export const LANGUAGE_CHOICE_KEY = 'language'

function browserPreferences(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language]
}

/** The language chosen in this browser, if one was (storage may be unavailable: then none was). */
export function chosenLanguage(): Language | undefined {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_CHOICE_KEY)
    return isLanguage(stored) ? stored : undefined
  } catch {
    return undefined
  }
}

/** Keeps the customer's choice in this browser (nothing when storage is refused: the choice lasts the visit). */
export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_CHOICE_KEY, language)
  } catch {
    // Storage refused (a private window, a framed visit): the language still applies to this page.
  }
}

export function resolveLocale(language?: Language): ActiveLocale {
  const preferences = browserPreferences()
  const chosen = language ?? chosenLanguage() ?? languageFromPreferences(preferences)
  return { language: chosen, locale: formattingLocale(chosen, preferences) }
}

let active: ActiveLocale | undefined

/** The language and locale in force; worked out from the browser the first time it is read. */
export function activeLocale(): ActiveLocale {
  return (active ??= resolveLocale())
}

/** Sets the language in force (the app re-renders its screens after it, decision 129). */
export function setActiveLocale(next: ActiveLocale): void {
  active = next
}

/** Forgets the language in force: the next read works it out afresh (the web tests, after each test). */
export function forgetActiveLocale(): void {
  active = undefined
}

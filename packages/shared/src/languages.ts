import { z } from 'zod'

/**
 * The languages the product speaks (decision 129): English for the UK and everyone else, German, French and Italian for
 * Switzerland. English is the source: every other language translates its messages.
 */
export const LANGUAGES = ['en', 'de', 'fr', 'it'] as const
// Pure: a web page that only reads the language (the formatters, decision 130) loads no zod for it.
export const Language = /* @__PURE__ */ z.enum(LANGUAGES)
export type Language = z.infer<typeof Language>

/** Whether a value is one of the product's languages (as `Language.safeParse`, without zod at run time). */
export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value)
}

export const DEFAULT_LANGUAGE: Language = 'en'

/** The names a language switcher shows, each in its own language. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  it: 'Italiano',
}

/** The region whose numbers and dates a language follows when the customer's browser names none for it. */
const HOME_REGION: Record<Language, string> = { en: 'GB', de: 'CH', fr: 'CH', it: 'CH' }

/** The language of a BCP 47 tag ("de-CH" → "de"), or undefined when the product does not speak it. */
export function languageOfTag(tag: string): Language | undefined {
  const language = tag.trim().toLowerCase().split(/[-_]/)[0]
  return isLanguage(language) ? language : undefined
}

/** The first of the customer's preferred tags (a browser's `navigator.languages`) the product speaks, else English. */
export function languageFromPreferences(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const language = languageOfTag(tag)
    if (language) return language
  }
  return DEFAULT_LANGUAGE
}

/**
 * The locale numbers, amounts and dates are written in: the language with the region the customer's browser gives it
 * (a de-DE browser reading German writes 1.234,56), else the language's home region (de → de-CH, 1’234.56).
 */
export function formattingLocale(language: Language, preferred: readonly string[]): string {
  for (const tag of preferred) {
    if (languageOfTag(tag) !== language) continue
    const region = tag.trim().split(/[-_]/)[1]
    if (region && /^[A-Za-z]{2}$/.test(region)) return `${language}-${region.toUpperCase()}`
  }
  return `${language}-${HOME_REGION[language]}`
}

/**
 * The language of an `Accept-Language` header ("fr-CH,fr;q=0.9,en;q=0.8"), by quality then order; English when it names
 * none the product speaks. Read by the api for a visitor who has not chosen (a sign-up without a language).
 */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...parameters] = part.split(';')
      const quality = parameters.map((p) => /^\s*q=(.*)$/.exec(p)?.[1]).find((value) => value !== undefined)
      // A quality that is not a number ("q=abc") counts as none: the tag is left out.
      return { tag, quality: quality === undefined ? 1 : /^\s*[\d.]+\s*$/.test(quality) ? Number(quality) : 0, index }
    })
    .filter((entry) => Number.isFinite(entry.quality) && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
  return languageFromPreferences(ranked.map((entry) => entry.tag))
}

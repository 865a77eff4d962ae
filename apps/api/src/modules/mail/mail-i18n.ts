import MessageFormat from '@messageformat/core'
import { LANGUAGES, type Language, formattingLocale } from '@exchange/shared/languages'
import { measuredNumberStyle, writeDecimal } from '@exchange/shared/number-format'
import de from './locales/de.json'
import en from './locales/en.json'
import fr from './locales/fr.json'
import it from './locales/it.json'

/**
 * The words of the customer's e-mails in each language (decision 131): one flat catalog per language, `{ "key": "ICU
 * message" }`, English the source. Each message is compiled once, when this file loads; a mail is then written in the
 * customer's language with messageformat (as the web's, decision 129), its amounts and moments in the language's locale (de → de-CH).
 */
export type MailKey = keyof typeof en
export const MAIL_CATALOGS: Record<Language, Record<MailKey, string>> = { en, de, fr, it }

type Values = Record<string, string | number>

/** What a template writes with: the messages, and amounts and moments as the customer's locale writes them. */
export interface MailWords {
  language: Language
  /** The locale numbers and dates follow: en-GB, de-CH, fr-CH, it-CH. */
  locale: string
  t(key: MailKey, values?: Values): string
  /** A decimal string rounded to `decimals`, grouped and pointed as the locale does: never through a float. */
  amount(value: string, decimals: number): string
  /** A moment to the minute, in UTC: "2026-11-22 09:30 UTC" in English, "22.11.2026, 09:30 UTC" in de-CH. */
  when(at: Date): string
  /** A day in words, in UTC: "22 November 2026", "22. November 2026". */
  day(at: Date): string
}

type CompiledMessage = (values?: Values) => string

function compiledCatalog(language: Language): Record<MailKey, CompiledMessage> {
  const compiler = new MessageFormat(language)
  return Object.fromEntries(
    Object.entries(MAIL_CATALOGS[language]).map(([key, message]) => [key, compiler.compile(message)]),
  ) as Record<MailKey, CompiledMessage>
}

function wordsOf(language: Language): MailWords {
  const messages = compiledCatalog(language)
  const locale = formattingLocale(language, [])
  const style = measuredNumberStyle(locale)
  const minute = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  })
  const longDay = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
  return {
    language,
    locale,
    t: (key, values) => messages[key](values),
    amount: (value, decimals) => writeDecimal(value, decimals, style) ?? value,
    // English keeps the wording its tests and the spec know; the other languages write the locale's date and time.
    when: (at) =>
      language === 'en' ? at.toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : `${minute.format(at)} UTC`,
    day: (at) => longDay.format(at),
  }
}

const WORDS = Object.fromEntries(LANGUAGES.map((language) => [language, wordsOf(language)])) as Record<
  Language,
  MailWords
>

/** The words of a language's e-mails (English when none is given). */
export function mailWords(language: Language = 'en'): MailWords {
  return WORDS[language]
}

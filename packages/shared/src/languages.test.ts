import { describe, expect, it } from 'vitest'
import { formattingLocale, languageFromAcceptLanguage, languageFromPreferences, languageOfTag } from './languages'

describe('languages', () => {
  it('reads the language of a tag the product speaks, in any case or separator', () => {
    expect(languageOfTag('de-CH')).toBe('de')
    expect(languageOfTag('FR_ch')).toBe('fr')
    expect(languageOfTag('it')).toBe('it')
    expect(languageOfTag('es-ES')).toBeUndefined()
    expect(languageOfTag('')).toBeUndefined()
  })

  it('takes the first preferred language spoken, else English', () => {
    expect(languageFromPreferences(['es-ES', 'fr-CH', 'de'])).toBe('fr')
    expect(languageFromPreferences(['es-ES', 'pt'])).toBe('en')
    expect(languageFromPreferences([])).toBe('en')
  })

  it.each([
    ['de', ['de-DE', 'en'], 'de-DE'],
    ['de', ['de'], 'de-CH'],
    ['de', ['en-US'], 'de-CH'],
    ['fr', ['en-GB', 'fr-FR'], 'fr-FR'],
    ['it', ['it-ch'], 'it-CH'],
    ['en', ['en-US'], 'en-US'],
    ['en', ['de-CH'], 'en-GB'],
  ] as const)('writes numbers for %s with browser %j in %s', (language, preferred, locale) => {
    expect(formattingLocale(language, preferred)).toBe(locale)
  })

  it('ranks an Accept-Language header by quality, then order', () => {
    expect(languageFromAcceptLanguage('fr-CH,fr;q=0.9,en;q=0.8')).toBe('fr')
    expect(languageFromAcceptLanguage('en;q=0.5, it-CH;q=0.8')).toBe('it')
    expect(languageFromAcceptLanguage('es, de;q=0')).toBe('en')
    expect(languageFromAcceptLanguage('de;q=abc')).toBe('en')
    expect(languageFromAcceptLanguage(undefined)).toBe('en')
  })
})

import { describe, expect, it, vi } from 'vitest'
import { activeLocale, chosenLanguage, forgetActiveLocale, LANGUAGE_CHOICE_KEY, rememberLanguage } from './locale'

describe('the locale in force (decisions 129 and 130)', () => {
  it("is the customer's choice in this browser, with the region the browser gives that language", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'de-DE'])
    rememberLanguage('de')
    expect(window.localStorage.getItem(LANGUAGE_CHOICE_KEY)).toBe('de')
    expect(chosenLanguage()).toBe('de')
    forgetActiveLocale()
    expect(activeLocale()).toEqual({ language: 'de', locale: 'de-DE' })
  })

  it("is the browser's first language the product speaks when none was chosen, in its home region", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr'])
    window.localStorage.setItem(LANGUAGE_CHOICE_KEY, 'klingon')
    expect(chosenLanguage()).toBeUndefined()
    forgetActiveLocale()
    expect(activeLocale()).toEqual({ language: 'fr', locale: 'fr-CH' })
  })
})

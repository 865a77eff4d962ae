import { describe, expect, it } from 'vitest'
import { LANGUAGES } from '@exchange/shared/languages'
import { messagePlaceholders } from '@exchange/shared/message-placeholders'
import { MAIL_CATALOGS } from './mail-i18n'

const english = MAIL_CATALOGS.en
const translations = LANGUAGES.filter((language) => language !== 'en')

describe('the mail catalogs (decision 131)', () => {
  it.each(translations)('%s has every key of English and no other', (language) => {
    expect(Object.keys(MAIL_CATALOGS[language]).sort()).toEqual(Object.keys(english).sort())
  })

  it.each(translations)('%s fills in the same placeholders as English in every message', (language) => {
    const differing = Object.entries(english).flatMap(([key, source]) => {
      const translated = MAIL_CATALOGS[language][key as keyof typeof english]
      const want = messagePlaceholders(source)
      const got = translated === undefined ? [] : messagePlaceholders(translated)
      return want.join() === got.join() ? [] : [`${key}: ${want.join(', ')} ≠ ${got.join(', ')}`]
    })
    expect(differing).toEqual([])
  })

  it.each(translations)('%s is translated, not English left in place', (language) => {
    const same = Object.entries(english).filter(
      ([key, source]) =>
        MAIL_CATALOGS[language][key as keyof typeof english] === source && /[a-z]{4,} [a-z]{3,}/.test(source),
    )
    expect(same.map(([key]) => key)).toEqual([])
  })

  it('writes Swiss German: "ss", never "ß"', () => {
    expect(Object.values(MAIL_CATALOGS.de).filter((message) => message.includes('ß'))).toEqual([])
  })

  it('finds a placeholder that a translation drops or renames', () => {
    const source = messagePlaceholders('{count, plural, one {# session of {brand}} other {# sessions}}')
    expect(source).toEqual(['{brand}', '{count}'])
    expect(messagePlaceholders('{n} Sitzungen')).toEqual(['{n}'])
  })
})

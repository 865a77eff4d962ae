import { describe, expect, it } from 'vitest'
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage'
import { LANGUAGES } from '@exchange/shared/languages'
import { MAIL_CATALOGS } from './mail-i18n'

/** The argument names an ICU message uses, its plurals' and selects' branches included. */
function argumentsOf(message: CompiledMessage, found = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue
    const [name, , format] = token
    found.add(name)
    if (format && typeof format === 'object')
      for (const [key, branch] of Object.entries(format))
        if (key !== 'offset' && Array.isArray(branch)) argumentsOf(branch as CompiledMessage, found)
  }
  return found
}

const english = MAIL_CATALOGS.en
const translations = LANGUAGES.filter((language) => language !== 'en')

describe('the mail catalogs (decision 131)', () => {
  it.each(translations)('%s has every key of English and no other', (language) => {
    expect(Object.keys(MAIL_CATALOGS[language]).sort()).toEqual(Object.keys(english).sort())
  })

  it.each(translations)('%s fills in the same placeholders as English in every message', (language) => {
    const differing = Object.entries(english).flatMap(([key, source]) => {
      const translated = MAIL_CATALOGS[language][key as keyof typeof english]
      const want = [...argumentsOf(compileMessageOrThrow(source))].sort()
      const got = translated === undefined ? [] : [...argumentsOf(compileMessageOrThrow(translated))].sort()
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
    const source = argumentsOf(compileMessageOrThrow('{count, plural, one {# session of {brand}} other {# sessions}}'))
    expect([...source].sort()).toEqual(['brand', 'count'])
    expect([...argumentsOf(compileMessageOrThrow('{n} Sitzungen'))]).toEqual(['n'])
  })
})

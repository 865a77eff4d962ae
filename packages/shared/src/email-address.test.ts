import { describe, expect, it } from 'vitest'
import { domainToAscii, hasForbiddenCharacter, isLookalikeDomain, punycodeEncode } from './email-address'

describe('domainToAscii (IDNA)', () => {
  it.each([
    ['bücher.ch', 'xn--bcher-kva.ch'],
    ['MÜNCHEN.de', 'xn--mnchen-3ya.de'],
    ['例え.jp', 'xn--r8jz45g.jp'],
    ['пример.рф', 'xn--e1afmkfd.xn--p1ai'],
    ['日本語ドメイン.com', 'xn--eckwd4c7c5976acvb2w6i.com'],
    ['straße.de', 'xn--strae-oqa.de'],
    ['example.com', 'example.com'],
  ])('writes %s as %s', (domain, ascii) => {
    expect(domainToAscii(domain)).toBe(ascii)
  })

  it('encodes a label of RFC 3492', () => {
    expect(punycodeEncode('ü')).toBe('tda')
  })
})

describe('hasForbiddenCharacter', () => {
  it.each(['a\u0000b', 'a\u001bb', 'a\u202eb', 'a\u200db', 'a\ud800b', 'a\udc00', 'a\ufeffb', 'a\ue000b'])(
    'refuses %j',
    (value) => {
      expect(hasForbiddenCharacter(value)).toBe(true)
    },
  )

  it.each(['ann@example.com', 'müller@bücher.ch', 'a😀b'])('accepts %j', (value) => {
    expect(hasForbiddenCharacter(value)).toBe(false)
  })
})

describe('isLookalikeDomain', () => {
  it.each(['ｅxample.com', 'ℯxample.com', 'pаypal.com', 'аррӏе.com', 'ελληνικά.gr'])('refuses %s', (domain) => {
    expect(isLookalikeDomain(domain)).toBe(true)
  })

  it.each(['example.com', 'bücher.ch', 'пример.рф', '例え.jp', '한국.com'])('accepts %s', (domain) => {
    expect(isLookalikeDomain(domain)).toBe(false)
  })
})

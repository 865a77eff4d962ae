import { describe, expect, it } from 'vitest'
import { buildIban, formatIban, ibanCheckDigits, isValidIban, normalizeIban } from './iban'

const REAL = [
  'CH9300762011623852957',
  'DE89370400440532013000',
  'GB29NWBK60161331926819',
  'FR1420041010050500013M02606',
  'LI21088100002324013AA',
  'AT611904300234573201',
]

describe('IBAN', () => {
  it.each(REAL)('accepts the registry example %s', (iban) => {
    expect(isValidIban(iban)).toBe(true)
  })

  it('accepts spaces and lower case as people paste them', () => {
    expect(isValidIban('ch93 0076 2011 6238 5295 7')).toBe(true)
    expect(normalizeIban(' ch93 0076 ')).toBe('CH930076')
  })

  it.each(REAL)('refuses every one-digit change of %s', (iban) => {
    for (let i = 2; i < iban.length; i++) {
      const char = iban[i]!
      if (!/\d/.test(char)) continue
      const changed = iban.slice(0, i) + String((Number(char) + 1) % 10) + iban.slice(i + 1)
      expect(isValidIban(changed), changed).toBe(false)
    }
  })

  it('refuses a wrong length for the country and odd characters', () => {
    expect(isValidIban('CH93007620116238529570')).toBe(false)
    expect(isValidIban('CH93-0076-2011-6238-5295-7')).toBe(false)
    expect(isValidIban('')).toBe(false)
  })

  it('computes the check digits of ISO 7064 MOD 97-10', () => {
    expect(ibanCheckDigits('CH', '00762011623852957')).toBe('93')
    expect(ibanCheckDigits('GB', 'NWBK60161331926819')).toBe('29')
    expect(isValidIban(buildIban('CH', '08390012345678901'))).toBe(true)
  })

  it('prints in groups of four', () => {
    expect(formatIban('CH9300762011623852957')).toBe('CH93 0076 2011 6238 5295 7')
  })
})

import { describe, expect, it } from 'vitest'
import { ALLOWED_COUNTRIES, AllowedCountryCode, countryName } from './countries'

const codes = ALLOWED_COUNTRIES.map((country) => country.code as string)

describe('ALLOWED_COUNTRIES', () => {
  it('holds about 170 countries, as the spec says', () => {
    expect(ALLOWED_COUNTRIES.length).toBeGreaterThanOrEqual(160)
    expect(ALLOWED_COUNTRIES.length).toBeLessThanOrEqual(180)
  })

  it('uses each ISO 3166-1 alpha-2 code once', () => {
    expect(new Set(codes).size).toBe(codes.length)
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/)
  })

  it('is sorted by name', () => {
    const names = ALLOWED_COUNTRIES.map((country) => country.name)
    expect(names).toEqual([...names].sort(new Intl.Collator('en').compare))
  })

  it.each([
    ['CH', 'Switzerland'],
    ['DE', 'Germany'],
    ['GB', 'United Kingdom'],
    ['FR', 'France'],
    ['AT', 'Austria'],
  ])('allows %s (%s)', (code, name) => {
    expect(codes).toContain(code)
    expect(countryName(code)).toBe(name)
  })

  it.each([
    'KP',
    'IR',
    'MM',
    'SY',
    'CU',
    'RU',
    'BY',
    'AF',
    'YE',
    'SS',
    'SD',
    'LY',
    'SO',
    'IQ',
    'LB',
    'VE',
    'CF',
    'CD',
    'ML',
    'ZW',
    'NI',
    'HT',
    'US',
    'PR',
    'GU',
    'VI',
    'AS',
    'MP',
    'UM',
  ])('leaves out %s', (code) => {
    expect(codes).not.toContain(code)
    expect(countryName(code)).toBeUndefined()
  })
})

describe('AllowedCountryCode', () => {
  it('accepts an allowed code', () => {
    expect(AllowedCountryCode.parse('CH')).toBe('CH')
  })

  it.each(['KP', 'US', 'XX', 'ch', ''])('refuses %j', (code) => {
    expect(AllowedCountryCode.safeParse(code).success).toBe(false)
  })
})

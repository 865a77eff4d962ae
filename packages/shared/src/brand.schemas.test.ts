import { describe, expect, it } from 'vitest'
import { BrandConfig, DEFAULT_BRAND } from './brand.schemas'

describe('DEFAULT_BRAND', () => {
  it('is a valid brand with the spec colours, tagline and a Swiss AG in Zug', () => {
    const brand = BrandConfig.parse(DEFAULT_BRAND)
    expect(brand.brandColor).toBe('#663DE7')
    expect(brand.dashboardTheme).toEqual({ colorScheme: 'dark', primaryColor: '#1697f6' })
    expect(brand.tagline).toBe('Fast and Simple Crypto Exchange')
    expect(brand.company.name).toMatch(/ AG$/)
    expect(brand.company.address).toContain('Zug')
    expect(brand.ukCheckMode).toBe('always')
    expect(brand.cookieLifetimeHours).toBe(24)
    expect(brand.complaintResponseDays).toEqual({ uk: 56, other: 30 })
  })

  it('refuses a brand colour that is not a hex colour, and an unknown UK mode', () => {
    expect(BrandConfig.safeParse({ ...DEFAULT_BRAND, brandColor: 'purple' }).success).toBe(false)
    expect(BrandConfig.safeParse({ ...DEFAULT_BRAND, ukCheckMode: 'sometimes' }).success).toBe(false)
    // A UK complaint may not wait longer than DISP's eight weeks.
    expect(BrandConfig.safeParse({ ...DEFAULT_BRAND, complaintResponseDays: { uk: 57, other: 30 } }).success).toBe(
      false,
    )
  })
})

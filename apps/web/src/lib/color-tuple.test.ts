import { describe, expect, it } from 'vitest'
import { colorTupleFrom } from './color-tuple'

describe('colorTupleFrom', () => {
  it('keeps the brand colour itself at the primary shade 6, lighter before and darker after', () => {
    const tuple = colorTupleFrom('#663DE7')
    expect(tuple).toHaveLength(10)
    expect(tuple[6]).toBe('#663de7')
    expect(tuple[0]).toMatch(/^#[0-9a-f]{6}$/)
    expect(Number.parseInt(tuple[0].slice(1, 3), 16)).toBeGreaterThan(0x66)
    expect(Number.parseInt(tuple[9].slice(1, 3), 16)).toBeLessThan(0x66)
  })
})

import { describe, expect, it } from 'vitest'
import { canonicalIp } from './ip-address'

describe('canonicalIp', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['2001:DB8:0:0::7', '2001:db8::7'],
    ['2001:db8:0000:0000:0000:0000:0000:0007', '2001:db8::7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['::1', '::1'],
  ])('writes %s as %s', (written, canonical) => {
    expect(canonicalIp(written)).toBe(canonical)
  })
})

import { describe, expect, it } from 'vitest'
import { createDatabaseGeoIp } from './geoip.provider'
import { createVisitorCountry } from './visitor-country'

/**
 * Addresses whose country is stable in any edition of the database: the University of Cambridge and JANET (the UK's
 * research network), ETH Zurich and SWITCH (Switzerland's).
 */
const UK = ['131.111.8.46', '2001:630::1']
const SWISS = ['129.132.19.216', '2001:620::1']

describe('the bundled country database', () => {
  it('answers GB for a known UK address and CH for a known Swiss one, IPv4 and IPv6', async () => {
    const geoIp = await createDatabaseGeoIp()
    for (const ip of UK) expect(await geoIp.countryOf(ip)).toBe('GB')
    for (const ip of SWISS) expect(await geoIp.countryOf(ip)).toBe('CH')
  })

  it('knows no country for private and loopback addresses', async () => {
    const geoIp = await createDatabaseGeoIp()
    expect(await geoIp.countryOf('127.0.0.1')).toBeUndefined()
    expect(await geoIp.countryOf('10.1.2.3')).toBeUndefined()
  })
})

describe('the visitor country', () => {
  const lines: string[] = []
  const log = { info: (_: object, msg: string) => lines.push(msg), warn: (_: object, msg: string) => lines.push(msg) }

  it("trusts the configured edge header before the database, but not an edge's unknown country", async () => {
    const countryOf = createVisitorCountry({ provider: await createDatabaseGeoIp(), edgeHeader: 'cf-ipcountry', log })
    expect(await countryOf({ ip: SWISS[0]!, headers: { 'cf-ipcountry': 'gb' } })).toBe('GB')
    expect(await countryOf({ ip: SWISS[0]!, headers: { 'cf-ipcountry': 'XX' } })).toBe('CH')
    expect(await countryOf({ ip: SWISS[0]!, headers: {} })).toBe('CH')
  })

  it('ignores the header when no edge is configured', async () => {
    const countryOf = createVisitorCountry({ provider: await createDatabaseGeoIp(), edgeHeader: undefined, log })
    expect(await countryOf({ ip: SWISS[0]!, headers: { 'cf-ipcountry': 'GB' } })).toBe('CH')
  })

  it('logs a failed lookup and answers no country (the caller then treats the visitor as in the UK)', async () => {
    lines.length = 0
    const failing = {
      kind: 'database' as const,
      countryOf: async () => {
        throw new Error('database file unreadable')
      },
    }
    const countryOf = createVisitorCountry({ provider: failing, edgeHeader: undefined, log })
    expect(await countryOf({ ip: UK[0]!, headers: {} })).toBeUndefined()
    expect(lines).toEqual(['visitor country lookup failed: treated as in the UK (decision 010)'])
  })
})

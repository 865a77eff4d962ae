import type { GeoIpProvider } from './geoip.provider'

/** What the api knows of the caller: its address (after TRUST_PROXY_HOPS) and its request headers. */
export interface Visitor {
  ip: string
  headers: Record<string, string | string[] | undefined>
}

interface LookupLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/** Values an edge puts in its country header when it does not know the country (Cloudflare: XX unknown, T1 Tor). */
const UNKNOWN_EDGE_COUNTRIES = new Set(['XX', 'T1'])

/**
 * The visitor's country: the trusted edge's header when the deployment sits behind one (GEOIP_EDGE_HEADER), else the
 * geo-IP database. Undefined when neither knows: the caller then treats the visitor as in the UK (decision 010) and
 * the failure is logged here, without the address.
 */
export function createVisitorCountry({
  provider,
  edgeHeader,
  log,
}: {
  provider: GeoIpProvider
  edgeHeader: string | undefined
  log: LookupLog
}) {
  return async function visitorCountryOf(visitor: Visitor): Promise<string | undefined> {
    if (edgeHeader) {
      const value = visitor.headers[edgeHeader]
      const code = (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase()
      if (code && /^[A-Z]{2}$/.test(code) && !UNKNOWN_EDGE_COUNTRIES.has(code)) return code
    }
    try {
      const country = await provider.countryOf(visitor.ip)
      if (country) return country
      // Private and reserved addresses (a local run, a proxy not counted in TRUST_PROXY_HOPS) are in no database.
      log.info({ geoIp: provider.kind }, 'visitor country unknown: treated as in the UK (decision 010)')
    } catch (error) {
      log.warn(
        { geoIp: provider.kind, err: error },
        'visitor country lookup failed: treated as in the UK (decision 010)',
      )
    }
    return undefined
  }
}

export type VisitorCountryOf = ReturnType<typeof createVisitorCountry>

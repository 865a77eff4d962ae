/** Resolves a visitor's country on the server, so the browser never calls a third party. */
export interface GeoIpProvider {
  readonly kind: 'sandbox'
  /** ISO 3166 alpha-2 country code, or undefined when unknown. */
  countryOf(ip: string): Promise<string | undefined>
}

/**
 * Test environment: every visitor is in the configured country. A live adapter (a GeoIP database read
 * on the server) plugs in here; see docs/decisions.
 */
export function createSandboxGeoIp(country: string): GeoIpProvider {
  return { kind: 'sandbox', countryOf: async () => country }
}

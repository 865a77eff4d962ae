import { z } from 'zod'
import { answerOf, successAnswer } from './answer'
import { DEFAULT_COOKIE_LIFETIME_HOURS } from './constants'

/**
 * Who is treated as UK (decisions 008, 040, 091): `always` everyone; `residence` the declared country of residence (the
 * visitor country until one is declared; a country other than the UK only with evidence: declared from a connection in
 * it, or a proof of address accepted since); `geoip` the visitor country, and UK residents wherever they are; `never`
 * nobody.
 */
export const UK_CHECK_MODES = ['always', 'geoip', 'residence', 'never'] as const
export const UkCheckMode = z.enum(UK_CHECK_MODES)
export type UkCheckMode = z.infer<typeof UkCheckMode>

const HexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/)

/** Everything that makes the white-label product one brand. Served to the web app by `getBrand`. */
export const BrandConfig = z.object({
  brandName: z.string().min(1).max(64),
  /** The logo as an image address or as inline SVG markup; `showLogo: false` shows the brand name as text. */
  logo: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('image'), src: z.string().min(1) }),
    z.object({ kind: z.literal('svg'), svg: z.string().min(1).max(20_000) }),
  ]),
  showLogo: z.boolean(),
  tagline: z.string(),
  brandColor: HexColour,
  dashboardTheme: z.object({ colorScheme: z.enum(['dark', 'light']), primaryColor: HexColour }),
  company: z.object({
    name: z.string().min(1),
    address: z.string().min(1),
    supportEmail: z.email(),
  }),
  termsUrl: z.url(),
  privacyUrl: z.url(),
  marketingUrl: z.url(),
  ukCheckMode: UkCheckMode,
  cookieLifetimeHours: z
    .number()
    .int()
    .positive()
    .max(24 * 30),
  /**
   * Days within which a complaint gets its final answer, counted from its receipt (decision 122): `uk` for customers
   * the brand treats as UK (FCA DISP 1.6.2R: eight weeks), `other` for everyone else (no Swiss rule sets a period; the
   * ombudsman takes a case once the provider has answered the complaint in writing).
   */
  complaintResponseDays: z.object({
    uk: z.number().int().min(1).max(56),
    other: z.number().int().min(1).max(365),
  }),
})
export type BrandConfig = z.infer<typeof BrandConfig>

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 220 48" role="img" aria-label="Helvex">' +
  '<rect x="2" y="4" width="40" height="40" rx="10" fill="#663DE7"/>' +
  '<path d="M13 14v20M31 14v20M13 24h18" stroke="#fff" stroke-width="4" stroke-linecap="round"/>' +
  '<text x="54" y="34" font-family="Helvetica, Arial, sans-serif" font-size="28" font-weight="700" fill="#663DE7">Helvex</text>' +
  '</svg>'

export const DEFAULT_BRAND: BrandConfig = {
  brandName: 'Helvex',
  logo: { kind: 'svg', svg: LOGO_SVG },
  showLogo: true,
  tagline: 'Fast and Simple Crypto Exchange',
  brandColor: '#663DE7',
  dashboardTheme: { colorScheme: 'dark', primaryColor: '#1697f6' },
  company: {
    name: 'Helvex Digital Markets AG',
    address: 'Baarerstrasse 14, 6300 Zug, Switzerland',
    supportEmail: 'support@helvex.example',
  },
  termsUrl: 'https://helvex.example/terms',
  privacyUrl: 'https://helvex.example/privacy',
  marketingUrl: 'https://helvex.example/',
  ukCheckMode: 'always',
  cookieLifetimeHours: DEFAULT_COOKIE_LIFETIME_HOURS,
  complaintResponseDays: { uk: 56, other: 30 },
}

export const GetBrandAnswer = answerOf(successAnswer({ data: BrandConfig }))
export type GetBrandAnswer = z.infer<typeof GetBrandAnswer>

export const UkStatusAnswer = answerOf(successAnswer({ data: z.object({ isUk: z.boolean() }) }))
export type UkStatusAnswer = z.infer<typeof UkStatusAnswer>

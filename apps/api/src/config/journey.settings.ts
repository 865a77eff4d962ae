import { z } from 'zod'
import { FIAT_CURRENCIES, FiatCurrency } from '@exchange/shared/currencies'
import { JourneyStepId } from '@exchange/shared/journey-steps'
import { DecimalString } from '@exchange/shared/money'
import { type SettingsContext, jsonFromEnv, listFromEnv, refuse } from './values/env-values'

/**
 * Paid volume per fiat over ENHANCED_CHECKS_WINDOW_DAYS from which enhanced checks are asked (decision 036): about
 * EUR 15,000 in each fiat. Volumes in several fiats add up as shares of their own threshold.
 */
export const DEFAULT_ENHANCED_CHECKS_VOLUME: Record<FiatCurrency, string> = {
  eur: '15000.00',
  chf: '15000.00',
  gbp: '12500.00',
  usd: '17500.00',
}

/**
 * FATF's "call for action" and "increased monitoring" jurisdictions as published in June 2025 (decision 036).
 * Compliance keeps HIGH_RISK_COUNTRIES current after each FATF plenary.
 */
const DEFAULT_HIGH_RISK_COUNTRIES = [
  'KP',
  'IR',
  'MM',
  'DZ',
  'AO',
  'BO',
  'BG',
  'BF',
  'CM',
  'CI',
  'CD',
  'HT',
  'KE',
  'LA',
  'LB',
  'MC',
  'MZ',
  'NA',
  'NP',
  'NG',
  'ZA',
  'SS',
  'SY',
  'VE',
  'VN',
  'VG',
  'YE',
] as const

/** What the journey engine asks of customers and from when (decision 036); the UK steps are part of it (decision 041). */
export const JourneyEnv = z.object({
  JOURNEY_SKIP_STEPS: z
    .string()
    .optional()
    .transform((value) => (value === undefined ? undefined : listFromEnv(value)))
    .pipe(z.array(JourneyStepId).optional())
    .describe(
      `Journey steps not asked for (comma-separated, among ${JourneyStepId.options.join(', ')}), for a demo that wants to skip a step; unset: every step is asked, development included (decision 070).`,
    ),
  ENHANCED_CHECKS_VOLUME: z
    .string()
    .optional()
    .describe(
      `Paid volume over the window, per fiat, from which enhanced checks are asked (JSON, e.g. {"eur":"15000.00"}); unset: ${JSON.stringify(DEFAULT_ENHANCED_CHECKS_VOLUME)}.`,
    ),
  ENHANCED_CHECKS_WINDOW_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3660)
    .default(365)
    .describe('Days over which the paid volume is counted for enhanced checks.'),
  HIGH_RISK_COUNTRIES: z
    .string()
    .optional()
    .transform((value) =>
      value === undefined ? [...DEFAULT_HIGH_RISK_COUNTRIES] : listFromEnv(value).map((code) => code.toUpperCase()),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, 'expected two-letter ISO country codes')))
    .describe(
      `Countries whose residents get enhanced checks (ISO alpha-2, comma-separated); unset: FATF's lists of June 2025 (${DEFAULT_HIGH_RISK_COUNTRIES.join(',')}).`,
    ),
})

const Volumes = z.partialRecord(
  FiatCurrency,
  DecimalString.refine((amount) => Number(amount) > 0, 'must be above zero'),
)

export function readJourney(env: z.output<typeof JourneyEnv>, ctx: SettingsContext) {
  const volumes = Volumes.safeParse(
    env.ENHANCED_CHECKS_VOLUME === undefined ? {} : jsonFromEnv(env.ENHANCED_CHECKS_VOLUME),
  )
  if (!volumes.success)
    refuse(
      ctx,
      `expected JSON like {"eur":"15000.00"} with fiats among ${FIAT_CURRENCIES.join(', ')}`,
      'ENHANCED_CHECKS_VOLUME',
    )
  return {
    /** What the journey engine asks of customers and from when (decision 036). */
    journey: {
      skipSteps: env.JOURNEY_SKIP_STEPS ?? [],
      enhancedChecksVolume: { ...DEFAULT_ENHANCED_CHECKS_VOLUME, ...volumes.data },
      enhancedChecksWindowDays: env.ENHANCED_CHECKS_WINDOW_DAYS,
      highRiskCountries: env.HIGH_RISK_COUNTRIES,
    },
  }
}

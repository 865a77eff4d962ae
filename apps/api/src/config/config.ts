import { z } from 'zod'
import { BankEnv, readBank } from '../providers/bank/bank.settings'
import { EsignEnv, readEsign } from '../providers/esign/esign.settings'
import { GeoIpEnv, readGeoIp } from '../providers/geoip/geoip.settings'
import { IdentityEnv, readIdentity } from '../providers/identity/identity.settings'
import { LiquidityEnv, readLiquidity } from '../providers/liquidity/liquidity.settings'
import { MailEnv, readMail } from '../providers/mail/mail.settings'
import { OpenBankingEnv, readOpenBanking } from '../providers/open-banking/open-banking.settings'
import { PspEnv, readPsp } from '../providers/psp/psp.settings'
import { RatesEnv, readRates } from '../providers/rates/rates.settings'
import { BrandEnv, readBrand } from './brand.settings'
import { conveniencesAllowed, deploymentProblems } from './deployment'
import { DevelopmentEnv, readDevelopment } from './development.settings'
import { DocumentsEnv, readDocuments } from './documents.settings'
import { ErrorLogEnv, readErrorLog } from './error-log.settings'
import { JourneyEnv, readJourney } from './journey.settings'
import { SecurityEnv, readSecurity } from './security.settings'
import { ServerEnv, readServer } from './server.settings'
import { TradingEnv, readTrading } from './trading.settings'

/**
 * The concerns the configuration is made of, each one schema of its variables (with a description each) in the file
 * that reads it: docs/configuration.md is generated from this list (`npm run docs:config`).
 */
export const CONCERNS = [
  { name: 'Server and database', file: 'apps/api/src/config/server.settings.ts', env: ServerEnv },
  { name: 'Security and sessions', file: 'apps/api/src/config/security.settings.ts', env: SecurityEnv },
  { name: 'Mail', file: 'apps/api/src/providers/mail/mail.settings.ts', env: MailEnv },
  { name: 'Brand', file: 'apps/api/src/config/brand.settings.ts', env: BrandEnv },
  { name: 'Rates', file: 'apps/api/src/providers/rates/rates.settings.ts', env: RatesEnv },
  { name: 'Trading', file: 'apps/api/src/config/trading.settings.ts', env: TradingEnv },
  { name: 'Journey, UK steps and enhanced checks', file: 'apps/api/src/config/journey.settings.ts', env: JourneyEnv },
  { name: 'Visitor country (geo-IP)', file: 'apps/api/src/providers/geoip/geoip.settings.ts', env: GeoIpEnv },
  { name: 'Documents', file: 'apps/api/src/config/documents.settings.ts', env: DocumentsEnv },
  { name: 'Card PSP', file: 'apps/api/src/providers/psp/psp.settings.ts', env: PspEnv },
  { name: 'Pay by bank', file: 'apps/api/src/providers/open-banking/open-banking.settings.ts', env: OpenBankingEnv },
  { name: 'Bank partner', file: 'apps/api/src/providers/bank/bank.settings.ts', env: BankEnv },
  { name: 'Liquidity provider', file: 'apps/api/src/providers/liquidity/liquidity.settings.ts', env: LiquidityEnv },
  { name: 'Identity verification', file: 'apps/api/src/providers/identity/identity.settings.ts', env: IdentityEnv },
  { name: 'E-signature', file: 'apps/api/src/providers/esign/esign.settings.ts', env: EsignEnv },
  { name: 'Error log', file: 'apps/api/src/config/error-log.settings.ts', env: ErrorLogEnv },
  { name: 'Development conveniences', file: 'apps/api/src/config/development.settings.ts', env: DevelopmentEnv },
] as const

const EnvSchema = z.object({
  ...ServerEnv.shape,
  ...SecurityEnv.shape,
  ...MailEnv.shape,
  ...BrandEnv.shape,
  ...RatesEnv.shape,
  ...TradingEnv.shape,
  ...JourneyEnv.shape,
  ...GeoIpEnv.shape,
  ...DocumentsEnv.shape,
  ...PspEnv.shape,
  ...OpenBankingEnv.shape,
  ...BankEnv.shape,
  ...LiquidityEnv.shape,
  ...IdentityEnv.shape,
  ...EsignEnv.shape,
  ...ErrorLogEnv.shape,
  ...DevelopmentEnv.shape,
})

/** The environment in, the configuration out: each concern reads its own variables. */
const ConfigSchema = EnvSchema.transform((env, ctx) => {
  const parties = {
    ...readServer(env),
    ...readSecurity(env, ctx),
    ...readMail(env, ctx),
    ...readBrand(env),
    ...readRates(env),
    ...readTrading(env),
    ...readJourney(env, ctx),
    ...readGeoIp(env),
    ...readDocuments(env, ctx),
    ...readPsp(env, ctx),
    ...readOpenBanking(env, ctx),
    ...readBank(env, ctx),
    ...readLiquidity(env, ctx),
    ...readIdentity(env, ctx),
    ...readEsign(env, ctx),
    ...readErrorLog(env, ctx),
  }
  // A refused concern has no settings to judge the parties by: the parse fails with every refusal named.
  if (ctx.issues.length > 0) return z.NEVER
  return { ...parties, ...readDevelopment(env, conveniencesAllowed(parties)) }
})

export type Config = z.output<typeof ConfigSchema>

/** The environment variables the config reads, as strings. */
export type Env = Partial<Record<keyof z.input<typeof EnvSchema>, string>>

/** Every variable the config reads: a deployment file that sets another one sets it for nothing (deploy/test). */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.shape) as readonly (keyof Env)[]

export class ConfigError extends Error {}

/**
 * Reads the environment once, naming every bad variable in one message, then refuses what is unsafe to run
 * (decisions 020, 070). The folder that reads `process.env` (eslint.config.js).
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(source)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) =>
      issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    )
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`)
  }
  const problems = deploymentProblems(parsed.data)
  if (problems.length > 0) throw new ConfigError(`Unsafe configuration:\n  ${problems.join('\n  ')}`)
  return parsed.data
}

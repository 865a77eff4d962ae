// What a module of the api is given and what it hands back; `src/wiring` builds the modules in order (decision 106).
import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { BrandConfig } from '@exchange/shared/brand.schemas'
import type { Clock } from '../clock'
import type { Config } from '../config/config'
import type { Database, DatabaseHandle } from '../db/client'
import type { JobDefinition, JobQueue } from '../jobs/job-queue'
import type { BankPartnerProvider } from '../providers/bank/bank-partner.provider'
import type { ESignatureProvider } from '../providers/esign/esign.provider'
import type { VisitorCountryOf } from '../providers/geoip/visitor-country'
import type { IdentityProvider } from '../providers/identity/identity.provider'
import type { LiquidityProvider } from '../providers/liquidity/liquidity.provider'
import type { MailTransport } from '../providers/mail/mail.provider'
import type { OpenBankingProvider } from '../providers/open-banking/open-banking.provider'
import type { CardPspProvider } from '../providers/psp/card-psp.provider'
import type { RatesProvider } from '../providers/rates/rates.provider'
import type { Secrets } from '../secrets'
import type { TradingConfig } from '../trading'
import type { MailService } from './mail/mail.service'
import type { SessionService } from './sessions/sessions.service'

/**
 * Where a module's routes are mounted. `public` and `user` sit under /v1 (`user` behind the session check),
 * `webhooks` under /v1/webhooks; `root` takes the route's own prefix (/operator, /sandbox/…, /dev, /test).
 */
export type RouteScope = 'public' | 'user' | 'webhooks' | 'root'

export interface RouteMount {
  scope: RouteScope
  routes: FastifyPluginAsyncZod | FastifyPluginAsync
  /** Only for `root`: the path the routes answer under. */
  prefix?: string
}

/** What a module hands to the app: its routes, its background jobs and what to close when the app stops. */
export interface ModuleParts {
  routes?: RouteMount[]
  jobs?: JobDefinition[]
  close?: () => Promise<void>
}

/** A job that runs on its own every `everySeconds`, once at a time, never retried (the next run is the retry). */
export function recurringJob(
  name: string,
  everySeconds: number,
  timeoutSeconds: number,
  run: () => Promise<unknown>,
): JobDefinition {
  return { name, everySeconds, retryLimit: 0, retryDelaySeconds: 0, timeoutSeconds, pollSeconds: 1, run }
}

/** What every module may be given: the configuration, the clock, the database, the keys, mail and the job queue. */
export interface Core {
  config: Config
  log: FastifyBaseLogger
  clock: Clock
  /** Present with the test controls: the e2e journeys move the server clock forward (decision 041). */
  movableClock?: Clock & { advance(ms: number): void }
  brand: BrandConfig
  trading: TradingConfig
  database: DatabaseHandle
  /** false when the database was handed in (tests): it is theirs to close. */
  ownsDatabase: boolean
  db: Database
  secrets: Secrets
  transport: MailTransport
  /** One durable queue for all background work, in the application's database (decision 024). */
  queue: JobQueue
  mail: MailService
  sessions: SessionService
  visitorCountryOf: VisitorCountryOf
  /**
   * A fact that can free a held payout (a decided identity check, a proven wallet, details, source of funds,
   * enhanced checks) is stored with the job that moves the customer's waiting orders on, or not at all (decisions
   * 033, 039).
   */
  checksChanged(tx: Database, customerId: string): Promise<void>
  /** The public address the e-mails link to ('' when unset: relative links). */
  publicUrl: string
}

/** The outside parties the exchange works with: live adapters or the sandbox parties, by configuration. */
export interface Parties {
  rates: RatesProvider
  identity: IdentityProvider
  esign: ESignatureProvider
  psp: CardPspProvider
  openBanking: OpenBankingProvider
  bank: BankPartnerProvider
  liquidity: LiquidityProvider
}

import type { BankPartnerSettings } from '../providers/bank/bank.settings'
import type { EsignSettings } from '../providers/esign/esign.settings'
import type { readGeoIp } from '../providers/geoip/geoip.settings'
import type { IdentitySettings } from '../providers/identity/identity.settings'
import type { LiquiditySettings } from '../providers/liquidity/liquidity.settings'
import type { readMail } from '../providers/mail/mail.settings'
import type { OpenBankingSettings } from '../providers/open-banking/open-banking.settings'
import type { PspSettings } from '../providers/psp/psp.settings'
import type { readRates } from '../providers/rates/rates.settings'
import type { readDevelopment } from './development.settings'
import type { readJourney } from './journey.settings'
import type { readServer } from './server.settings'

/**
 * What the parties' modes are read from: the parts of the configuration (config.ts) these rules need, named from the
 * concerns that read them, so that the configuration can apply the rules while it is being read.
 */
export type PartySettings = Pick<ReturnType<typeof readServer>, 'env'> &
  ReturnType<typeof readGeoIp> &
  ReturnType<typeof readRates> & {
    psp: PspSettings
    openBanking: OpenBankingSettings
    bankPartner: BankPartnerSettings
    liquidity: LiquiditySettings
    identity: IdentitySettings
    esign: EsignSettings
  }

/** What the deployment rules and the start-up log read of a configuration. */
type Config = PartySettings &
  ReturnType<typeof readMail> &
  ReturnType<typeof readDevelopment> &
  ReturnType<typeof readJourney>

/**
 * `sandbox`: the offline stand-in inside this process (its pages under /sandbox/…, anyone can "pay");
 * `test`: the real party's adapter against that party's own test environment (test keys, simulated money);
 * `live`: the real party, real money.
 */
type PartyMode = 'sandbox' | 'test' | 'live'

export interface Party {
  name: string
  /** The settings that choose its mode, named in refusals and in the start-up log. */
  settings: string[]
  /**
   * What the party handles when it is live: real money (a customer's payment, coins sent out), real people's identities
   * (an identity check, a signature of legal effect), or neither. A live party of the first two kinds is "real": no
   * development convenience runs beside it (decision 070).
   */
  stakes: 'money' | 'identities' | 'none'
  /** Where the sandbox serves its pages, if it has any. */
  sandboxPages?: string
  mode(config: PartySettings): PartyMode
}

/**
 * Every outside party whose sandbox must not meet real money, real identities or a shared deployment. A new party (identity
 * verification, e-signature…) joins with one entry here; the checks and the start-up log follow.
 */
export const PARTIES: readonly Party[] = [
  {
    name: 'card PSP',
    settings: ['PSP_PROVIDER', 'STRIPE_SECRET_KEY'],
    stakes: 'money',
    sandboxPages: '/sandbox/psp',
    mode: ({ psp }) => (psp.kind === 'sandbox' ? 'sandbox' : /^(sk|rk)_live_/.test(psp.secretKey) ? 'live' : 'test'),
  },
  {
    name: 'open banking',
    settings: ['OPEN_BANKING_PROVIDER', 'TRUELAYER_ENVIRONMENT'],
    stakes: 'money',
    sandboxPages: '/sandbox/bank',
    mode: ({ openBanking }) =>
      openBanking.kind === 'sandbox' ? 'sandbox' : openBanking.environment === 'live' ? 'live' : 'test',
  },
  {
    name: 'bank partner',
    settings: ['BANK_PARTNER', 'CLEARBANK_ENVIRONMENT'],
    stakes: 'money',
    sandboxPages: '/sandbox/bank-partner',
    mode: ({ bankPartner }) =>
      bankPartner.kind === 'sandbox' ? 'sandbox' : bankPartner.environment === 'production' ? 'live' : 'test',
  },
  {
    // On its testnet (ccxt's sandbox mode) the exchange sends coins of no value: a test party.
    name: 'liquidity provider',
    settings: ['LIQUIDITY_PROVIDER', 'LP_TESTNET'],
    stakes: 'money',
    mode: ({ liquidity }) => (liquidity.kind === 'sandbox' ? 'sandbox' : liquidity.testnet ? 'test' : 'live'),
  },
  {
    // Sumsub's sandbox app tokens start with `sbx:`; production ones with `prd:`.
    name: 'identity verification',
    settings: ['IDV_PROVIDER', 'SUMSUB_APP_TOKEN'],
    stakes: 'identities',
    sandboxPages: '/sandbox/idv',
    mode: ({ identity }) =>
      identity.kind === 'sandbox' ? 'sandbox' : identity.appToken.startsWith('sbx:') ? 'test' : 'live',
  },
  {
    // DocuSign's developer environment (demo.docusign.net, account-d) signs nothing of legal effect: a test party.
    name: 'e-signature',
    settings: ['ESIGN_PROVIDER', 'DOCUSIGN_BASE_PATH', 'DOCUSIGN_OAUTH_HOST'],
    stakes: 'identities',
    sandboxPages: '/sandbox/esign',
    mode: ({ esign }) =>
      esign.kind === 'sandbox'
        ? 'sandbox'
        : /(^|\/\/)demo\.docusign\.net/.test(esign.basePath) || esign.oauthHost === 'account-d.docusign.com'
          ? 'test'
          : 'live',
  },
  {
    // The bundled country database or a trusted edge's header is the live source; the sandbox answers one country. Live,
    // it is still not real (decision 070): a public database read offline, the default of every laptop, that decides
    // who is shown the UK steps; it moves nothing and checks no one.
    name: 'geo-IP',
    settings: ['GEOIP_PROVIDER'],
    stakes: 'none',
    mode: ({ geoIp }) => (geoIp.kind === 'sandbox' ? 'sandbox' : 'live'),
  },
  {
    // Kraken's public ticker needs no key and moves nothing: not real either (decision 070); what it prices is paid and
    // delivered by the parties above.
    name: 'price feed',
    settings: ['RATES_PROVIDER'],
    stakes: 'none',
    mode: ({ rates }) => (rates.provider === 'sandbox' ? 'sandbox' : 'live'),
  },
]

const SETTING = 'ALLOW_SANDBOX_IN_PRODUCTION'

const described = (party: Party, config: PartySettings) =>
  `${party.name} ${party.mode(config)} (${party.settings.join(', ')})`

const listed = (parties: readonly Party[], config: PartySettings) =>
  parties.map((party) => described(party, config)).join(', ')

/** The parties that move real money in this configuration. */
function liveMoneyParties(config: PartySettings): readonly Party[] {
  return PARTIES.filter((party) => party.stakes === 'money' && party.mode(config) === 'live')
}

/** The parties that move real money or check real identities in this configuration (decision 070). */
export function realParties(config: PartySettings): readonly Party[] {
  return PARTIES.filter((party) => party.stakes !== 'none' && party.mode(config) === 'live')
}

/**
 * Where the development conveniences may run: a configuration that says development (NODE_ENV unset, `development` or
 * `test`) in which no party moves real money or checks real identities. NODE_ENV alone never decides it.
 */
export function conveniencesAllowed(config: PartySettings): boolean {
  return config.env !== 'production' && realParties(config).length === 0
}

/** The sandbox parties that serve pages anyone can use to "pay" or pass a check. */
function sandboxPageParties(config: PartySettings): readonly Party[] {
  return PARTIES.filter((party) => party.sandboxPages && party.mode(config) === 'sandbox')
}

export interface Convenience {
  name: string
  /** What a client reaches while it is on. */
  reach: string
  /** The settings that turn it on, named in refusals. */
  settings(config: Config): string[]
  on(config: Config): boolean
  /** How an operator turns it off, said with each refusal. */
  turnOff: string
  /** Why NODE_ENV=production refuses it when on, or undefined where production allows it (see deploymentProblems). */
  refusedInProduction?: string
}

/**
 * What exists for a laptop and the tests, and opens a door to anyone who reaches the server (docs/deploying.md, "Development
 * conveniences"; decision 070). On only where `conveniencesAllowed`; with a real party, each one that is on refuses
 * to start, naming its settings.
 */
export const CONVENIENCES: readonly Convenience[] = [
  {
    name: 'the dev outbox',
    reach: 'every code and reset link at /dev/outbox and /dev/mailbox',
    settings: () => ['SMTP_URL', 'SMTP_FROM', 'DEV_OUTBOX'],
    on: (config) => config.smtp === undefined,
    turnOff: 'send mail by SMTP (SMTP_URL, SMTP_FROM) and leave DEV_OUTBOX unset',
    refusedInProduction: 'NODE_ENV=production needs a mail transport; no setting allows the dev outbox there',
  },
  {
    name: 'the test controls',
    reach: 'a movable server clock at /test/clock',
    settings: () => ['TEST_CONTROLS'],
    on: (config) => config.testControls,
    turnOff: 'leave TEST_CONTROLS unset',
    refusedInProduction: 'the test controls (moving the server clock) never run in production (decision 043)',
  },
  {
    name: 'sandbox pages',
    reach: 'pages where anyone can pay or pass a check',
    settings: (config) => sandboxPageParties(config).flatMap((party) => party.settings.slice(0, 1)),
    on: (config) => sandboxPageParties(config).length > 0,
    turnOff: "set those parties live, or to their provider's own test environment",
  },
  {
    name: 'skipped journey steps',
    reach: 'customers who are not asked every step',
    settings: () => ['JOURNEY_SKIP_STEPS'],
    on: (config) => config.journey.skipSteps.length > 0,
    turnOff: 'leave JOURNEY_SKIP_STEPS unset',
    refusedInProduction: 'a production deployment asks every journey step (decision 036)',
  },
  {
    name: 'the API documentation',
    reach: 'every route described at /docs',
    settings: () => ['API_DOCS'],
    on: (config) => config.apiDocs,
    turnOff: 'leave API_DOCS unset',
  },
]

const handles = (parties: readonly Party[]) => {
  const one = parties.length === 1
  return [
    parties.some((party) => party.stakes === 'money') && (one ? 'moves real money' : 'move real money'),
    parties.some((party) => party.stakes === 'identities') &&
      (one ? 'checks real identities' : 'check real identities'),
  ]
    .filter(Boolean)
    .join(' and ')
}

/**
 * What makes this configuration unsafe to run, one line per problem naming the settings (empty when it is safe).
 * Real money never meets a sandbox or a test environment, whatever the settings say: a sandbox payment beside a real
 * exchange pays out real coins, a real payment beside a sandbox or testnet exchange buys nothing. No development
 * convenience runs beside a real party, whatever NODE_ENV says (decision 070).
 */
export function deploymentProblems(config: Config): string[] {
  const problems: string[] = []
  const live = liveMoneyParties(config)
  const real = realParties(config)
  const notLive = PARTIES.filter((party) => party.mode(config) !== 'live')
  if (live.length > 0 && notLive.length > 0) {
    problems.push(
      `${listed(live, config)} moves real money, so every party must be live, but these are not: ${listed(notLive, config)}`,
    )
  }
  for (const convenience of CONVENIENCES) {
    if (!convenience.on(config)) continue
    const settings = convenience.settings(config).join(', ')
    if (real.length > 0)
      problems.push(
        `${settings}: ${convenience.name} (${convenience.reach}) cannot run beside ${listed(real, config)}, which ${handles(real)}, whatever NODE_ENV says; ${convenience.turnOff} (decision 070)`,
      )
    if (config.env === 'production' && convenience.refusedInProduction)
      problems.push(`${settings}: ${convenience.refusedInProduction}`)
  }
  if (config.env !== 'production') return problems
  if (notLive.length > 0 && !config.allowSandboxInProduction) {
    problems.push(
      `NODE_ENV=production with parties that are not live: ${listed(notLive, config)}; set them live, or ${SETTING}=true for a shared demo or staging`,
    )
  }
  return problems
}

interface StartLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/** One line per party saying which mode it runs in; a warning for each one that is not live in production. */
export function logDeployment(log: StartLog, config: Config) {
  for (const party of PARTIES) {
    const mode = party.mode(config)
    const line = { party: party.name, mode, settings: party.settings }
    if (config.env === 'production' && mode !== 'live') {
      log.warn(
        line,
        `${party.name} runs as a ${mode.toUpperCase()} in production (${SETTING}=true): no real money moves${party.sandboxPages && mode === 'sandbox' ? `; its pages at ${party.sandboxPages} need a signed-in operator (decision 127)` : ''}`,
      )
    } else {
      log.info(line, `${party.name}: ${mode}`)
    }
  }
  log.info({ party: 'mail', mode: config.smtp ? 'live' : 'sandbox' }, `mail: ${config.smtp ? 'SMTP' : 'dev outbox'}`)
  log.info(
    { party: 'geo-IP', source: config.geoIp.kind, edgeHeader: config.geoIpEdgeHeader ?? null },
    `visitor country: ${config.geoIp.kind === 'sandbox' ? `sandbox (answers ${config.geoIp.country})` : `database ${config.geoIp.file ?? '(bundled DB-IP Lite)'}`}${config.geoIpEdgeHeader ? `, after the edge header ${config.geoIpEdgeHeader}` : ''}`,
  )
  const real = realParties(config)
  const on = CONVENIENCES.filter((convenience) => convenience.on(config)).map((convenience) => convenience.name)
  if (real.length > 0)
    log.info(
      { realParties: real.map((party) => party.name), conveniences: on },
      `real parties (${real.map((party) => party.name).join(', ')}): every development convenience is off`,
    )
  else if (on.length > 0)
    log.warn(
      { conveniences: on },
      `development conveniences on: ${on.join(', ')}; anyone who reaches this server can use them, so it must never serve customers (decision 070)`,
    )
  if (config.testControls)
    log.warn(
      { testControls: true },
      'test controls at /test: the server clock can be moved forward (TEST_CONTROLS; development and tests only, never in production)',
    )
  log.info({ apiDocs: config.apiDocs }, `API documentation at /docs: ${config.apiDocs ? 'on' : 'off'}`)
  if (config.journey.skipSteps.length > 0)
    log.warn(
      { skipSteps: config.journey.skipSteps },
      `journey steps not asked of customers: ${config.journey.skipSteps.join(', ')} (JOURNEY_SKIP_STEPS; never in production)`,
    )
}

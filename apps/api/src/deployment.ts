import type { Config } from './config'

/**
 * `sandbox`: the offline stand-in inside this process (its pages under /sandbox/…, anyone can "pay");
 * `test`: the real party's adapter against that party's own test environment (test keys, simulated money);
 * `live`: the real party, real money.
 */
export type PartyMode = 'sandbox' | 'test' | 'live'

export interface Party {
  name: string
  /** The settings that choose its mode, named in refusals and in the start-up log. */
  settings: string[]
  /** True when the live party moves real money (takes a customer's payment, or sends coins out). */
  movesMoney: boolean
  /** Where the sandbox serves its pages, if it has any. */
  sandboxPages?: string
  mode(config: Config): PartyMode
}

/**
 * Every outside party whose sandbox must not meet real money or a shared deployment. A new party (identity
 * verification, e-signature…) joins with one entry here; the checks and the start-up log follow.
 */
export const PARTIES: readonly Party[] = [
  {
    name: 'card PSP',
    settings: ['PSP_PROVIDER', 'STRIPE_SECRET_KEY'],
    movesMoney: true,
    sandboxPages: '/sandbox/psp',
    mode: ({ psp }) => (psp.kind === 'sandbox' ? 'sandbox' : /^(sk|rk)_live_/.test(psp.secretKey) ? 'live' : 'test'),
  },
  {
    name: 'open banking',
    settings: ['OPEN_BANKING_PROVIDER', 'TRUELAYER_ENVIRONMENT'],
    movesMoney: true,
    sandboxPages: '/sandbox/bank',
    mode: ({ openBanking }) =>
      openBanking.kind === 'sandbox' ? 'sandbox' : openBanking.environment === 'live' ? 'live' : 'test',
  },
  {
    name: 'bank partner',
    settings: ['BANK_PARTNER', 'CLEARBANK_ENVIRONMENT'],
    movesMoney: true,
    sandboxPages: '/sandbox/bank-partner',
    mode: ({ bankPartner }) =>
      bankPartner.kind === 'sandbox' ? 'sandbox' : bankPartner.environment === 'production' ? 'live' : 'test',
  },
  {
    // On its testnet (ccxt's sandbox mode) the exchange sends coins of no value: a test party.
    name: 'liquidity provider',
    settings: ['LIQUIDITY_PROVIDER', 'LP_TESTNET'],
    movesMoney: true,
    mode: ({ liquidity }) => (liquidity.kind === 'sandbox' ? 'sandbox' : liquidity.testnet ? 'test' : 'live'),
  },
  {
    // Sumsub's sandbox app tokens start with `sbx:`; production ones with `prd:`.
    name: 'identity verification',
    settings: ['IDV_PROVIDER', 'SUMSUB_APP_TOKEN'],
    movesMoney: false,
    sandboxPages: '/sandbox/idv',
    mode: ({ identity }) =>
      identity.kind === 'sandbox' ? 'sandbox' : identity.appToken.startsWith('sbx:') ? 'test' : 'live',
  },
  {
    // DocuSign's developer environment (demo.docusign.net, account-d) signs nothing of legal effect: a test party.
    name: 'e-signature',
    settings: ['ESIGN_PROVIDER', 'DOCUSIGN_BASE_PATH', 'DOCUSIGN_OAUTH_HOST'],
    movesMoney: false,
    sandboxPages: '/sandbox/esign',
    mode: ({ esign }) =>
      esign.kind === 'sandbox'
        ? 'sandbox'
        : /(^|\/\/)demo\.docusign\.net/.test(esign.basePath) || esign.oauthHost === 'account-d.docusign.com'
          ? 'test'
          : 'live',
  },
  {
    // The bundled country database or a trusted edge's header is the live source; the sandbox answers one country.
    name: 'geo-IP',
    settings: ['GEOIP_PROVIDER'],
    movesMoney: false,
    mode: ({ geoIp }) => (geoIp.kind === 'sandbox' ? 'sandbox' : 'live'),
  },
  {
    name: 'price feed',
    settings: ['RATES_PROVIDER'],
    movesMoney: false,
    mode: ({ rates }) => (rates.provider === 'sandbox' ? 'sandbox' : 'live'),
  },
]

const SETTING = 'ALLOW_SANDBOX_IN_PRODUCTION'

const described = (party: Party, config: Config) => `${party.name} ${party.mode(config)} (${party.settings.join(', ')})`

/** The parties that move real money in this configuration. */
export function liveMoneyParties(config: Config): readonly Party[] {
  return PARTIES.filter((party) => party.movesMoney && party.mode(config) === 'live')
}

/**
 * What makes this configuration unsafe to run, one line per problem naming the settings (empty when it is safe).
 * Real money never meets a sandbox or a test environment, whatever the settings say: a sandbox payment beside a real
 * exchange pays out real coins, a real payment beside a sandbox or testnet exchange buys nothing.
 */
export function deploymentProblems(config: Config): string[] {
  const problems: string[] = []
  const live = liveMoneyParties(config)
  const notLive = PARTIES.filter((party) => party.mode(config) !== 'live')
  if (live.length > 0 && notLive.length > 0) {
    problems.push(
      `${live.map((party) => described(party, config)).join(', ')} moves real money, so every party must be live, but these are not: ${notLive.map((party) => described(party, config)).join(', ')}`,
    )
  }
  if (config.testControls && live.length > 0) {
    problems.push(
      `TEST_CONTROLS: the server clock cannot be movable beside ${live.map((party) => described(party, config)).join(', ')}, which moves real money (decision 043)`,
    )
  }
  if (config.env !== 'production') return problems
  if (!config.smtp) {
    problems.push(
      'SMTP_URL and SMTP_FROM: NODE_ENV=production needs a mail transport; the dev outbox (DEV_OUTBOX) would publish every code at /dev',
    )
  }
  if (notLive.length > 0 && !config.allowSandboxInProduction) {
    problems.push(
      `NODE_ENV=production with parties that are not live: ${notLive.map((party) => described(party, config)).join(', ')}; set them live, or ${SETTING}=true for a shared demo or staging`,
    )
  }
  const withPages = notLive.filter((party) => party.sandboxPages && party.mode(config) === 'sandbox')
  if (config.allowSandboxInProduction && withPages.length > 0 && config.operators.length === 0) {
    problems.push(
      `OPERATOR_CREDENTIALS: required with ${SETTING}=true in production; the sandbox pages (${withPages.map((party) => party.sandboxPages).join(', ')}) sit behind them`,
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
        `${party.name} runs as a ${mode.toUpperCase()} in production (${SETTING}=true): no real money moves${party.sandboxPages && mode === 'sandbox' ? `; its pages at ${party.sandboxPages} need the operator credentials` : ''}`,
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

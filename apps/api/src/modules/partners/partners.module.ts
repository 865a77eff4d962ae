import type { RateLimits } from '../../plugins/rate-limits'
import type { AccountService } from '../accounts/accounts.service'
import type { RatesService } from '../rates/rates.service'
import type { Core, ModuleParts } from '../module-kit'
import { PARTNER_KEY_FAILURES_PER_MINUTE, createRequirePartnerKey } from './partner-api-auth'
import { partnerApiRoutes } from './partner-api.routes'
import { createPartnerApiService } from './partner-api.service'
import { partnerEntryRoutes, partnerSessionRoutes } from './partner-entry.routes'
import { visitTermsOf } from './partner-visits'
import { type PartnerService, createPartnerService } from './partners.service'

/**
 * The partner registry and its API keys (decision 111), and the customer's way in and out of a partner's visit
 * (`mplogin`, `mpSession`, `mpOgReturn`, decision 114). Built before the orders, which ask it for a visit's terms.
 */
export function partnersModule(
  { config, db, clock, secrets, sessions, brand, log, publicUrl }: Core,
  { accounts, limits }: { accounts: AccountService; limits: RateLimits },
) {
  const partners = createPartnerService({
    db,
    clock,
    production: config.env === 'production',
    secretsKey: secrets.partnerSecretsKey,
  })
  const visits = { db, clock, accounts, sessions, entryHours: config.sessionHours ?? brand.cookieLifetimeHours }
  const returns = { db, clock, sessions, log, liveSigningSecrets: partners.liveSigningSecrets }
  const entryRoutes = partnerEntryRoutes({ visits, returns, limits, publicUrlIsHttps: publicUrl.startsWith('https:') })
  const parts: ModuleParts = {
    routes: [
      { scope: 'public', routes: entryRoutes },
      { scope: 'user', routes: partnerSessionRoutes({ visits }) },
    ],
  }
  /** What an order started in a partner's visit keeps and is stamped with. */
  const partnerVisitOf = (partnerSessionId: string) => visitTermsOf({ db }, partnerSessionId)
  return { partners, partnerVisitOf, parts }
}

/**
 * The partner api its keys open under /v1/partner (decision 113): ways in for the partner's customers and reads of
 * its orders. Built after the rates, which price a crypto amount against the limits.
 */
export function partnerApiModule(
  { config, db, clock, trading, publicUrl }: Core,
  needs: { partners: PartnerService; rates: Pick<RatesService, 'priceFor' | 'decimalsOf'>; limits: RateLimits },
): { parts: ModuleParts } {
  const api = createPartnerApiService({
    db,
    clock,
    trading,
    rates: needs.rates,
    publicUrl,
    chainNetwork: config.liquidity.kind === 'ccxt' && config.liquidity.testnet ? 'testnet' : 'mainnet',
  })
  const requireKey = createRequirePartnerKey(
    needs.partners.verifyApiKey,
    needs.limits.failures('partner-key', { max: PARTNER_KEY_FAILURES_PER_MINUTE, windowSeconds: 60 }),
  )
  return {
    parts: {
      routes: [
        {
          scope: 'root',
          prefix: '/v1/partner',
          routes: partnerApiRoutes({ api, requireKey, limits: needs.limits, perMinute: config.partnerRateLimits }),
        },
      ],
    },
  }
}

import type { RateLimits } from '../../plugins/rate-limits'
import type { RatesService } from '../rates/rates.service'
import type { Core, ModuleParts } from '../module-kit'
import { PARTNER_KEY_FAILURES_PER_MINUTE, createRequirePartnerKey } from './partner-api-auth'
import { partnerApiRoutes } from './partner-api.routes'
import { createPartnerApiService } from './partner-api.service'
import { createPartnerService } from './partners.service'

/**
 * The partner registry and its API keys (decision 111), and the partner api its keys open under /v1/partner
 * (decision 113): ways in for the partner's customers and reads of its orders.
 */
export function partnersModule(
  { config, db, clock, secrets, trading, publicUrl }: Core,
  needs: { rates: Pick<RatesService, 'priceFor' | 'decimalsOf'>; limits: RateLimits },
) {
  const partners = createPartnerService({
    db,
    clock,
    production: config.env === 'production',
    secretsKey: secrets.partnerSecretsKey,
  })
  const api = createPartnerApiService({
    db,
    clock,
    trading,
    rates: needs.rates,
    publicUrl,
    chainNetwork: config.liquidity.kind === 'ccxt' && config.liquidity.testnet ? 'testnet' : 'mainnet',
  })
  const requireKey = createRequirePartnerKey(
    partners.verifyApiKey,
    needs.limits.failures('partner-key', { max: PARTNER_KEY_FAILURES_PER_MINUTE, windowSeconds: 60 }),
  )
  const parts: ModuleParts = {
    routes: [
      {
        scope: 'root',
        prefix: '/v1/partner',
        routes: partnerApiRoutes({ api, requireKey, limits: needs.limits, perMinute: config.partnerRateLimits }),
      },
    ],
  }
  return { partners, parts }
}

import type { RateLimits } from '../../plugins/rate-limits'
import type { AccountService } from '../accounts/accounts.service'
import type { Core, ModuleParts } from '../module-kit'
import { partnerEntryRoutes, partnerSessionRoutes } from './partner-entry.routes'
import { visitTermsOf } from './partner-visits'
import { createPartnerService } from './partners.service'

/**
 * The partner registry and its API keys (decision 111), and the customer's way in and out of a partner's visit
 * (`mplogin`, `mpSession`, `mpOgReturn`, decision 114).
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

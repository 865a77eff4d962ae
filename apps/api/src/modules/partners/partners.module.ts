import type { Core, ModuleParts } from '../module-kit'
import { createPartnerService } from './partners.service'

/** The partner registry and its API keys (decision 111); no route of its own yet: the /mp sessions will ask it. */
export function partnersModule({ config, db, clock, secrets }: Core) {
  const partners = createPartnerService({
    db,
    clock,
    production: config.env === 'production',
    secretsKey: secrets.partnerSecretsKey,
  })
  const parts: ModuleParts = {}
  return { partners, parts }
}

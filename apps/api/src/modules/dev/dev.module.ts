import { conveniencesAllowed } from '../../config/deployment'
import type { Core, ModuleParts } from '../module-kit'
import type { PartnerService } from '../partners/partners.service'
import { devRoutes } from './dev.routes'
import { createDevOutboxService } from './dev.service'
import { type PartnerApiFetch, createPartnerTestPage } from './partner-test-page'
import { partnerTestPageRoutes } from './partner-test-page.routes'

/** How the test partner's page calls the partner api: over HTTP, as a partner's server does. */
const httpFetch: PartnerApiFetch = (url, init) => fetch(url, init)

/**
 * The development outbox and the test partner's page (decision 118). Never in production nor beside a real party,
 * whatever the transport: the outbox holds every code, and the page holds a partner's key and signing secret.
 */
export function devModule(
  { config, db, transport, clock, publicUrl }: Core,
  needs: { partners: PartnerService; partnerApiFetch?: PartnerApiFetch },
): { parts: ModuleParts } {
  if (transport.kind !== 'dev-outbox' || !conveniencesAllowed(config)) return { parts: {} }
  const page = createPartnerTestPage({ partners: needs.partners, clock, fetch: needs.partnerApiFetch ?? httpFetch })
  return {
    parts: {
      routes: [
        { scope: 'root', prefix: '/dev', routes: devRoutes({ outbox: createDevOutboxService({ db }) }) },
        { scope: 'root', prefix: '/dev/partner', routes: partnerTestPageRoutes({ page, publicUrl }) },
      ],
    },
  }
}

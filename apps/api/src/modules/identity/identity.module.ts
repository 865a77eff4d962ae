import * as WEB_PATHS from '@exchange/shared/web-paths'
import type { IdentityProvider } from '../../providers/identity/identity.provider'
import type { Core, ModuleParts } from '../module-kit'
import { identityUserRoutes, identityWebhookRoutes } from './identity.routes'
import { createIdentityService } from './identity.service'

/** The identity check at the provider, its notices, and the name it verified (decisions 033, 090). */
export function identityModule({ db, clock, mail, checksChanged, publicUrl }: Core, provider: IdentityProvider) {
  const identity = createIdentityService({
    db,
    clock,
    provider,
    onDecided: checksChanged,
    // The customer hears of the outcome from us, in the transaction that records it.
    onOutcome: (tx, { to, outcome, message }) =>
      mail.sendIdentityOutcome(
        to,
        outcome,
        message,
        { dashboard: `${publicUrl}${WEB_PATHS.dashboard}`, identity: `${publicUrl}${WEB_PATHS.authStart}` },
        tx,
      ),
  })
  const parts: ModuleParts = {
    routes: [
      { scope: 'user', routes: identityUserRoutes({ identity }) },
      { scope: 'webhooks', routes: identityWebhookRoutes({ identity, provider, clock }) },
    ],
  }
  return { identity, parts }
}

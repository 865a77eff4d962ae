import { conveniencesAllowed } from '../../config/deployment'
import type { Core, ModuleParts } from '../module-kit'
import { devRoutes } from './dev.routes'
import { createDevOutboxService } from './dev.service'

/** The development outbox. Never in production nor beside a real party, whatever the transport: it holds every code. */
export function devModule({ config, db, transport }: Core): { parts: ModuleParts } {
  if (transport.kind !== 'dev-outbox' || !conveniencesAllowed(config)) return { parts: {} }
  return {
    parts: {
      routes: [{ scope: 'root', prefix: '/dev', routes: devRoutes({ outbox: createDevOutboxService({ db }) }) }],
    },
  }
}

import type { Clock } from '../../clock'
import type { Database } from '../../db/client'

export interface PartnerServiceDeps {
  db: Database
  clock: Clock
  /** In production a return address must be https, even on localhost. */
  production: boolean
  /** Seals the partners' signing secrets at rest (`Secrets.partnerSecretsKey`). */
  secretsKey: Buffer
}

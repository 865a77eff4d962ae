import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { PersonName } from '../../providers/identity/identity.provider'
import type { VisitorCountryOf } from '../../providers/geoip/visitor-country'

export interface CustomerServiceDeps {
  db: Database
  clock: Clock
  /** How long after a change of name payments are held for a person (NAME_CHANGE_HOLD_HOURS, decision 028). */
  nameChangeHoldHours: number
  /**
   * The name on the customer's verified document, or null before an approved identity check (the identity module
   * answers it, in the caller's transaction): from then on the name is frozen as that one (decision 090).
   */
  verifiedNameOf?: (customerId: string, tx: Database) => Promise<PersonName | null>
  /**
   * Called in the transaction that saves the details, so that paid orders held for them (decision 039) are queued to
   * move on with the save or not at all.
   */
  onDetailsSaved?: (tx: Database, customerId: string) => Promise<void>
  /** The country a request comes from, recorded with each declaration of residence (decision 091). */
  visitorCountryOf: VisitorCountryOf
}

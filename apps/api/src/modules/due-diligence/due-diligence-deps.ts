import type { Clock } from '../../clock'
import type { Database } from '../../db/client'

export interface DueDiligenceServiceDeps {
  db: Database
  clock: Clock
  /**
   * Called in the transaction that stores source-of-funds answers or an operator's decision on enhanced checks, so
   * that paid orders held for them (decision 039) are queued to move on with the fact or not at all.
   */
  onFactsChanged?: (tx: Database, customerId: string) => Promise<void>
}

import type { Clock } from '../../clock'
import type { Database } from '../../db/client'

export interface DocumentServiceDeps {
  db: Database
  clock: Clock
  /** AES-256 key of the documents at rest. */
  key: Buffer
  maxPerCustomer: number
}

/** The dependencies and the id of the key, worked out once per process. */
export interface DocumentParts extends DocumentServiceDeps {
  keyId: string
}

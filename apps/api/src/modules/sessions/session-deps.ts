import type { Clock } from '../../clock'
import type { Database } from '../../db/client'

export interface SessionServiceDeps {
  db: Database
  clock: Clock
  jwtKey: Uint8Array
  sessionHours: number
}

export interface SessionContext {
  customerId: string
  sessionId: string
}

export interface RequestOrigin {
  ip: string
  userAgent: string | undefined
}

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
  /** The partner's visit (`partner_sessions`) a session `mplogin` started is bound to; null for every other. */
  partnerSessionId: string | null
}

/** What a session is started with besides its customer: the partner's visit it belongs to, if any. */
export interface SessionBinding {
  partnerSessionId?: string
}

export interface RequestOrigin {
  ip: string
  userAgent: string | undefined
  /** `protocol://host` of the request: a passkey's origin when PUBLIC_URL is not set (decision 124). */
  webOrigin?: string
}

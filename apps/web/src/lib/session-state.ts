/**
 * The visitor's session state (spec section 3), kept in sessionStorage so it survives a reload of the
 * tab but not the tab itself. Nothing else touches these keys.
 */
const STORAGE_KEY = 'sessionState'

/** Greeting used when the customer has not given a name yet: "Hello, there". */
export const DEFAULT_CLIENT_NAME = 'there'

export interface SessionState {
  /** The e-mail the visitor signed up or logged in with; the code screens send codes to it. */
  username: string | null
  clientName: string
  clientEmail: string | null
  lastScreen: string | null
}

const EMPTY: SessionState = { username: null, clientName: DEFAULT_CLIENT_NAME, clientEmail: null, lastScreen: null }

function read(): Partial<SessionState> {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : {}
    return typeof parsed === 'object' && parsed !== null ? (parsed as Partial<SessionState>) : {}
  } catch {
    return {}
  }
}

export function getSessionState(): SessionState {
  return { ...EMPTY, ...read() }
}

export function updateSessionState(patch: Partial<SessionState>): SessionState {
  const next = { ...getSessionState(), ...patch }
  window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next))
  return next
}

export function clearSessionState(): void {
  window.sessionStorage.removeItem(STORAGE_KEY)
}

/** First and last name, or the default greeting when both are empty. */
export function clientNameOf(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const name = [firstName, lastName].map((part) => part?.trim() ?? '').filter(Boolean).join(' ')
  return name || DEFAULT_CLIENT_NAME
}

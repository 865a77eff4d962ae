import { DEFAULT_COOKIE_LIFETIME_HOURS, JWT_COOKIE_NAME } from '@exchange/shared/constants'

const HOUR_MS = 60 * 60 * 1000
const EXPIRED = 'Thu, 01 Jan 1970 00:00:00 GMT'
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

interface PageLocation {
  protocol: string
  hostname: string
}

/**
 * `Secure` everywhere except plain http on this machine: a browser drops a Secure cookie set from an
 * insecure page, which would make local development impossible without TLS.
 */
function needsSecureFlag(location: PageLocation): boolean {
  return !(location.protocol === 'http:' && LOCAL_HOSTS.has(location.hostname))
}

function attributes(location: PageLocation): string[] {
  const list = ['path=/', 'SameSite=Strict']
  if (needsSecureFlag(location)) list.push('Secure')
  return list
}

export interface JwtCookieOptions {
  lifetimeHours?: number
  now?: number
  location?: PageLocation
}

export function buildJwtCookie(token: string, options: JwtCookieOptions = {}): string {
  const hours = options.lifetimeHours ?? DEFAULT_COOKIE_LIFETIME_HOURS
  const now = options.now ?? Date.now()
  const expires = new Date(now + hours * HOUR_MS).toUTCString()
  return [
    `${JWT_COOKIE_NAME}=${encodeURIComponent(token)}`,
    `expires=${expires}`,
    ...attributes(options.location ?? window.location),
  ].join('; ')
}

export function buildExpiredJwtCookie(location: PageLocation = window.location): string {
  return [`${JWT_COOKIE_NAME}=`, `expires=${EXPIRED}`, 'max-age=0', ...attributes(location)].join('; ')
}

const listeners = new Set<() => void>()

function notify(): void {
  for (const listener of listeners) listener()
}

/** Lets React re-render when this tab signs in or out; cookies themselves raise no events. */
export function subscribeToJwtCookie(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * The token as read last, kept until the running task's microtasks: every signed-in component and every call reads
 * it (`useJwtToken`, the api client), and each `document.cookie` is a read of the browser's cookie store, about 7 ms
 * of a phone's main thread over the dashboard's first load. Within one task nothing else can change it, and this
 * tab's own changes below forget it at once.
 */
let readInThisTask: { token: string | null } | undefined

/**
 * A partner's visit keeps its session in the tab, not in the cookie a framed page never gets (decision 116): while it
 * is set, it is the token every call and guard reads.
 */
let tabToken: string | null = null

export function readJwtCookie(): string | null {
  if (readInThisTask) return readInThisTask.token
  readInThisTask = { token: tabToken ?? tokenIn(document.cookie) }
  const read = readInThisTask
  queueMicrotask(() => {
    if (readInThisTask === read) readInThisTask = undefined
  })
  return read.token
}

function tokenIn(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const [rawName, ...rest] = part.trim().split('=')
    if (rawName === JWT_COOKIE_NAME) {
      const value = decodeURIComponent(rest.join('='))
      return value === '' ? null : value
    }
  }
  return null
}

export function saveJwtCookie(token: string, lifetimeHours: number): void {
  document.cookie = buildJwtCookie(token, { lifetimeHours })
  readInThisTask = undefined
  notify()
}

/** The partner visit's token (null: none), kept in this tab's memory; the partner mode also keeps it in session storage. */
export function setTabToken(token: string | null): void {
  tabToken = token
  readInThisTask = undefined
  notify()
}

export function expireJwtCookie(): void {
  document.cookie = buildExpiredJwtCookie()
  tabToken = null
  readInThisTask = undefined
  notify()
}

const SESSION_ENDED_KEY = 'sessionEnded'

/**
 * A signed-in call answered 401 to the token of this tab's cookie (revoked, expired, signed out elsewhere): the token
 * goes, which sends the signed-in area to the login form, and the login form is told to say why (decision 125). A
 * token already replaced (a new login meanwhile) or a partner visit's tab session is left alone.
 */
export function endStaleSession(token: string): void {
  if (tabToken !== null || tokenIn(document.cookie) !== token) return
  try {
    window.sessionStorage.setItem(SESSION_ENDED_KEY, '1')
  } catch {
    // Storage refused: the login form shows without its line.
  }
  expireJwtCookie()
}

/** Whether the last session of this tab ended by itself, until `forgetSessionEnded`. */
export function sessionEnded(): boolean {
  try {
    return window.sessionStorage.getItem(SESSION_ENDED_KEY) !== null
  } catch {
    return false
  }
}

export function forgetSessionEnded(): void {
  try {
    window.sessionStorage.removeItem(SESSION_ENDED_KEY)
  } catch {
    // nothing kept
  }
}

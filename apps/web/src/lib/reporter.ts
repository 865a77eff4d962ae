// This chunk imports nothing the first load has: a shared module would be split into a chunk of its own, and the first
// load would grow by the split's cost (decision 120). Its limits are ERROR_LOG_LIMITS (a test holds them equal).
export const LIMITS = { message: 500, stack: 4000, path: 200 }
/** As `config.apiBaseUrl` reads it (lib/config.ts): a constant of the build, imported from nowhere. */
const API_BASE_URL = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/$/, '')

/** The same report (source, call and message) is sent once in this long; and no more than MAX_PER_WINDOW in all. */
const WINDOW_MS = 60_000
const MAX_PER_WINDOW = 10

/** The session's token as the api client reads it (handed in: this chunk imports nothing of the first load). */
let tokenOf: () => string | null = () => null
let windowStartedAt = 0
let sentInWindow = 0
const lastSentAt = new Map<string, number>()

/** Text the api takes: no control characters but line breaks and tabs, at most `max` characters, no half a pair. */
function cut(text: string, max: number): string {
  const clean = text.replace(/[^\P{Cc}\n\r\t]/gu, ' ').slice(0, max)
  return /[\ud800-\udbff]$/.test(clean) ? clean.slice(0, -1) : clean
}

/** The error a window event, a rejection or a render carries. */
function errorOf(thrown: unknown): unknown {
  if (!(thrown instanceof Event)) return thrown
  if ('reason' in thrown) return thrown.reason
  const { error, message } = thrown as ErrorEvent
  return error ?? message
}

/** Whether this report may go now: the tab's throttle (decision 120). */
function mayReport(key: string, now: number): boolean {
  // A clock set back starts a new window too.
  if (Math.abs(now - windowStartedAt) >= WINDOW_MS) {
    windowStartedAt = now
    sentInWindow = 0
  }
  const last = lastSentAt.get(key)
  if (sentInWindow >= MAX_PER_WINDOW || (last !== undefined && Math.abs(now - last) < WINDOW_MS)) return false
  sentInWindow += 1
  if (lastSentAt.size > 100) lastSentAt.clear()
  lastSentAt.set(key, now)
  return true
}

/** Forgets what was sent (the tests of a worker share this module, decision 056). */
export function forgetReports(): void {
  windowStartedAt = 0
  sentInWindow = 0
  lastSentAt.clear()
}

/**
 * Sends one report to `logError` with `fetch` itself, not the api client: a report that fails is never reported (no
 * loop). Throttled in the tab; never throws; the api scrubs what it keeps.
 */
export function send(token: () => string | null, source?: string, thrown?: unknown, call?: string): void {
  tokenOf = token
  if (!source) return
  try {
    const error = errorOf(thrown)
    const message =
      cut(String((error instanceof Error ? error.message : error) || 'Unknown error'), LIMITS.message).trim() ||
      'Unknown error'
    if (!mayReport(`${source} ${call} ${message}`, Date.now())) return
    const stack = error instanceof Error && error.stack ? cut(error.stack, LIMITS.stack) : undefined
    const body = {
      source,
      message,
      stack,
      path: cut(location.pathname, LIMITS.path),
      call: call && /^[A-Za-z][A-Za-z0-9]{0,63}$/.test(call) ? call : undefined,
    }
    const bearer = token()
    void fetch(`${API_BASE_URL}/v1/public/logError`, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', ...(bearer && { Authorization: `Bearer ${bearer}` }) },
      body: JSON.stringify(body),
    }).catch(() => undefined)
  } catch {
    // Reporting never breaks the page, and is never reported.
  }
}

// The page's uncaught errors and unhandled rejections, from the moment this chunk arrives (asked for as the app starts).
for (const type of ['error', 'unhandledrejection']) addEventListener(type, (event) => send(tokenOf, type, event))

import * as WEB_PATHS from '@exchange/shared/web-paths'
/**
 * The signed-in page a signed-out visitor asked for, e.g. the link of an e-mail ("add your wallet":
 * `/dashboard-wallets?order=REF`), followed once they have logged in instead of the calculator. Kept in sessionStorage
 * for the login and code screens of the same tab. Only a dashboard path, optionally naming one order, is kept or
 * followed: a tampered value can never lead to another site, a scheme, a public page or another query.
 */
const STORAGE_KEY = 'afterLogin'
/** Without a kept page, /land: it shows a returning customer where they left off, and sends a new one on (decision 125). */
const DEFAULT_PATH = WEB_PATHS.land
const AFTER_LOGIN_PATH = /^\/dash[A-Za-z0-9-]{0,40}(\?order=[A-Z0-9]{6,20})?$/

function isSafeAfterLoginPath(path: unknown): path is string {
  return typeof path === 'string' && AFTER_LOGIN_PATH.test(path)
}

/** Keeps the page asked for (path and query), when it is one to come back to. */
export function rememberAfterLogin(pathWithQuery: string): void {
  if (!isSafeAfterLoginPath(pathWithQuery)) return
  try {
    window.sessionStorage.setItem(STORAGE_KEY, pathWithQuery)
  } catch {
    // Storage refused: the customer lands on /land.
  }
}

/** Where to go once logged in: the kept page, forgotten as it is read, else /land. */
export function takeAfterLogin(): string {
  try {
    const path = window.sessionStorage.getItem(STORAGE_KEY)
    window.sessionStorage.removeItem(STORAGE_KEY)
    return isSafeAfterLoginPath(path) ? path : DEFAULT_PATH
  } catch {
    return DEFAULT_PATH
  }
}

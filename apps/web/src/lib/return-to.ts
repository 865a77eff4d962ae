/**
 * Where a customer goes back to once a journey step is done (decision 038): the calculator with their amount, or the
 * screen they left for the step. Kept in sessionStorage, so a reload or a trip to a provider's page keeps it and a new
 * tab does not inherit it. Only a path of the signed-in area is kept or followed: a stored value that was tampered
 * with can never send the browser to another site, a scheme or a public page.
 */
const STORAGE_KEY = 'returnTo'

/** `/dashboard`, `/dashboard-history`, `/dashAccount` …: one segment, letters, digits and dashes, nothing else. */
const DASHBOARD_PATH = /^\/dash[A-Za-z0-9-]{0,40}$/

export function isSafeReturnPath(path: unknown): path is string {
  return typeof path === 'string' && DASHBOARD_PATH.test(path)
}

/**
 * A partner visit's screen is kept as the screen it twins (`/mp-viban` → `/dashboard-viban`, the partner's order
 * `/mp-checkout` → the calculator): the journey reads it as any other, and the visit's navigator writes the twin again
 * when it is followed (decision 116).
 */
function twinnedPath(path: string): string {
  const twin = /^\/mp-([A-Za-z0-9-]+)$/.exec(path)?.[1]
  if (twin === undefined) return path
  return twin.toLowerCase() === 'checkout' ? '/dashboard' : `/dashboard-${twin}`
}

/** Keeps `path` to come back to, unless it is not a dashboard path (or a twin of one) or it is the step's own screen. */
export function rememberReturnTo(screenPath: string, stepScreen?: string): void {
  const path = twinnedPath(screenPath)
  if (!isSafeReturnPath(path) || path.toLowerCase() === stepScreen?.toLowerCase()) return
  try {
    window.sessionStorage.setItem(STORAGE_KEY, path)
  } catch {
    // Storage refused (private mode, quota): the customer lands on the calculator instead.
  }
}

/** The kept path, if it is still a safe one. */
export function peekReturnTo(): string | null {
  try {
    const path = window.sessionStorage.getItem(STORAGE_KEY)
    return isSafeReturnPath(path) ? path : null
  } catch {
    return null
  }
}

/** The kept path, forgotten as it is read: a step done once sends the customer back once. */
export function takeReturnTo(): string | null {
  const path = peekReturnTo()
  try {
    window.sessionStorage.removeItem(STORAGE_KEY)
  } catch {
    // nothing kept
  }
  return path
}

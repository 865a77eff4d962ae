import * as PARTNER_PATHS from '@exchange/shared/partner-web-paths'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { useContext, useMemo, type ReactNode } from 'react'
import { UNSAFE_NavigationContext as NavigationContext, type Navigator, type To } from 'react-router'
import { DASHBOARD_ROUTES } from '../signed-in-screens'

const SIGNED_IN_PREFIX = `${WEB_PATHS.dashboard}-`

/**
 * Signed-in screens with no twin: support's contact form and the security codes, which are the account's, not an
 * order's. History has one: the thank-you, wire and receipt screens link to the order in it, and it shows only the
 * customer's own orders.
 */
const LEAVES_THE_FLOW: readonly string[] = [WEB_PATHS.contactUs, ...WEB_PATHS.securityCode].map((path) =>
  path.toLowerCase(),
)

/** The signed-in screens a partner's customer can see, each with its twin (`/dashboard-method` → `/mp-method`). */
export const PARTNER_TWINS = DASHBOARD_ROUTES.filter(
  ({ path }) => path.startsWith(SIGNED_IN_PREFIX) && !LEAVES_THE_FLOW.includes(path.toLowerCase()),
).map((route) => ({
  ...route,
  partnerPath: `${PARTNER_PATHS.partnerPrefix}${route.path.slice(SIGNED_IN_PREFIX.length)}`,
}))

const TWIN_OF = new Map(PARTNER_TWINS.map((twin) => [twin.path.toLowerCase(), twin.partnerPath]))

/**
 * Where a path of the app leads in the partner mode (decision 116): a partner address stays; a signed-in screen goes
 * to its twin, the dashboard to `/mp`, logging out to `/logoutmp`; everything else (the account, support, the public
 * pages, another order's history) to `/mp`, the partner's own start, so nothing leaves the visit.
 */
export function partnerPathOf(path: string): string {
  const lower = path.toLowerCase()
  if (lower === PARTNER_PATHS.partnerHome || lower.startsWith(PARTNER_PATHS.partnerPrefix)) return path
  if (lower === PARTNER_PATHS.partnerLogout || lower === WEB_PATHS.logout) return PARTNER_PATHS.partnerLogout
  return TWIN_OF.get(lower) ?? PARTNER_PATHS.partnerHome
}

function partnerTo(to: To): To {
  if (typeof to !== 'string') return to.pathname === undefined ? to : { ...to, pathname: partnerPathOf(to.pathname) }
  const [, path = '', rest = ''] = /^([^?#]*)(.*)$/.exec(to) ?? []
  return path.startsWith('/') ? `${partnerPathOf(path)}${rest}` : to
}

/**
 * The one place the partner mode's paths are made: every `Link`, `NavLink`, `Navigate` and `navigate` below (the
 * journey's step routing, each screen's links) goes through the router's navigator, which this replaces with one that
 * writes and follows the partner's twin of each path. The screens stay as they are, naming `WEB_PATHS`.
 */
export function PartnerPaths({ children }: { children: ReactNode }) {
  const context = useContext(NavigationContext)
  const value = useMemo(() => {
    const { navigator } = context
    // Built on the router's own navigator, so whatever it reads besides these three (its location) stays its own.
    const partnerNavigator: Navigator = Object.assign(Object.create(navigator) as Navigator, {
      createHref: (to: To) => navigator.createHref(partnerTo(to)),
      push: (...[to, ...rest]: Parameters<Navigator['push']>) => navigator.push(partnerTo(to), ...rest),
      replace: (...[to, ...rest]: Parameters<Navigator['replace']>) => navigator.replace(partnerTo(to), ...rest),
    })
    return { ...context, navigator: partnerNavigator }
  }, [context])
  return <NavigationContext value={value}>{children}</NavigationContext>
}

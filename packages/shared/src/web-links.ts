import type * as WEB_PATHS from './web-paths'

type Table = typeof WEB_PATHS
/** One address of the paths table. */
export type WebPath = {
  [Name in keyof Table]: Table[Name] extends readonly string[] ? Table[Name][number] : Table[Name]
}[keyof Table]

/** The query parameter that names the order a page is about (`/dashboard-wire?order=REF`). */
export const ORDER_PARAM = 'order'

/**
 * The partner mode's twin of a signed-in screen (`/dashboard-returncc` → `/mp-returncc`, `/dashboard` → `/mp`): where a
 * hosted page (card, bank, identity, signature) sends back a customer who came in through a partner (decision 112).
 */
export function partnerTwinOf(path: string): string {
  if (path === '/dashboard') return '/mp'
  return path.startsWith('/dashboard-') ? `/mp-${path.slice('/dashboard-'.length)}` : path
}

/** A path that names its order, so that the page shows that order even in another tab or after a reload. */
export function pathForOrder(path: string, orderReference: string | null | undefined): string {
  return orderReference ? `${path}?${ORDER_PARAM}=${encodeURIComponent(orderReference)}` : path
}

import * as PARTNER_PATHS from '@exchange/shared/partner-web-paths'
import { readPartnerVisit } from '../../lib/partner-visit'

/**
 * A visit moves from a partner's frame to a tab of its own (decision 123): the frame opens `/mp-continue`, which tells
 * its opener it is ready; the frame answers with the visit (its entry and session) and the page to continue on, to
 * that window only, at the exchange's own origin. Nothing goes through an address or the partner's page.
 */
const READY = 'helvex:continue-ready'
const VISIT = 'helvex:continue'
const WAIT_MS = 30_000

/** A page of the visit to continue on: `/mp` or a `/mp-` page, with its query; nothing else. */
const VISIT_PAGE = /^\/mp(?:-[A-Za-z0-9-]+)?(?:\?[^#]*)?$/

function messageOf(event: MessageEvent, type: string): Record<string, unknown> | null {
  if (event.origin !== window.location.origin) return null
  const data: unknown = event.data
  if (typeof data !== 'object' || data === null || (data as { type?: unknown }).type !== type) return null
  return data as Record<string, unknown>
}

/**
 * From the frame, on the customer's click: opens the new tab and hands it the visit once it asks. Answers false when
 * the browser did not open the tab (pop-ups blocked).
 */
export function continueInNewTab(page: string): boolean {
  const visit = readPartnerVisit()
  const tab = window.open(PARTNER_PATHS.partnerContinue, '_blank')
  if (!tab || !visit) return false
  const answer = (event: MessageEvent) => {
    if (event.source !== tab || !messageOf(event, READY)) return
    window.removeEventListener('message', answer)
    tab.postMessage(
      { type: VISIT, visit, page: VISIT_PAGE.test(page) ? page : PARTNER_PATHS.partnerHome },
      window.location.origin,
    )
  }
  window.addEventListener('message', answer)
  window.setTimeout(() => window.removeEventListener('message', answer), WAIT_MS)
  return true
}

/**
 * In the new tab: asks the window that opened it for the visit; answers the visit and the page to continue on, or
 * null when none comes (no opener, another origin, or nothing within the wait).
 */
let receiving: Promise<{ visit: unknown; page: string } | null> | undefined

export function receiveVisitFromOpener(): Promise<{ visit: unknown; page: string } | null> {
  // Asked once per page: React's development double effects must not ask twice (the frame answers once).
  receiving ??= askOpener()
  return receiving
}

function askOpener(): Promise<{ visit: unknown; page: string } | null> {
  const opener = window.opener as Window | null
  if (!opener) return Promise.resolve(null)
  return new Promise((resolve) => {
    const done = (outcome: { visit: unknown; page: string } | null) => {
      window.removeEventListener('message', receive)
      window.clearTimeout(timer)
      resolve(outcome)
    }
    const receive = (event: MessageEvent) => {
      const data = event.source === opener ? messageOf(event, VISIT) : null
      if (!data) return
      const page = typeof data.page === 'string' && VISIT_PAGE.test(data.page) ? data.page : PARTNER_PATHS.partnerHome
      done({ visit: data.visit, page })
    }
    const timer = window.setTimeout(() => done(null), WAIT_MS)
    window.addEventListener('message', receive)
    opener.postMessage({ type: READY }, window.location.origin)
  })
}

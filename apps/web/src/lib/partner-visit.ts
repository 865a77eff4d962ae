import type { PartnerFace } from '@exchange/shared/partner.schemas'
import { setTabToken } from './cookies'

/**
 * A partner's visit in this tab (decision 116): the entry secret `mplogin` answered when it claimed the link, what the
 * claim said of the customer and the partner, and, once signed in, the session's token. It lives in the tab's session
 * storage (a framed page gets its own, partitioned by the partner's site) and never in a cookie, so a browser that
 * blocks third-party cookies keeps the visit; closing the tab ends what the browser holds of it.
 */
export interface PartnerVisit {
  entry: string
  email: string
  /** Whether the e-mail has an account here: a password to type, or one to choose. */
  known: boolean
  partner: PartnerFace
  token: string | null
}

const STORAGE_KEY = 'partnerVisit'

export function readPartnerVisit(): PartnerVisit | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY)
    return visitFrom(raw ? JSON.parse(raw) : null)
  } catch {
    return null
  }
}

function visitFrom(value: unknown): PartnerVisit | null {
  if (typeof value !== 'object' || value === null) return null
  const { entry, email } = value as Partial<PartnerVisit>
  return typeof entry === 'string' && typeof email === 'string' ? (value as PartnerVisit) : null
}

function storeVisit(visit: PartnerVisit): void {
  window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(visit))
}

/**
 * A visit handed over from a partner's frame to this tab (`/mp-continue`): kept here as this tab's, signed in with
 * the frame's session. Answers false for anything that is not a visit.
 */
export function adoptPartnerVisit(value: unknown): boolean {
  const visit = visitFrom(value)
  if (!visit || typeof visit.token !== 'string') return false
  storeVisit(visit)
  setTabToken(visit.token)
  return true
}

/** A claimed link: the visit starts, signed out (a session of an earlier visit in this tab is not carried over). */
export function startPartnerVisit(visit: Omit<PartnerVisit, 'token'>): void {
  storeVisit({ ...visit, token: null })
  setTabToken(null)
}

/** Signed in: the token goes to the tab's memory, where the api client reads it, and to the visit for a reload. */
export function signInPartnerVisit(token: string): void {
  const visit = readPartnerVisit()
  if (visit) storeVisit({ ...visit, token })
  setTabToken(token)
}

/** A reload of a partner page: the visit's session, if any, is this tab's again. */
export function restorePartnerSession(): void {
  const token = readPartnerVisit()?.token
  if (token) setTabToken(token)
}

/** The visit's session ended (signed out, refused): the token goes; the entry stays, to go back to the partner. */
export function dropPartnerSession(): void {
  const visit = readPartnerVisit()
  if (visit) storeVisit({ ...visit, token: null })
  setTabToken(null)
}

/** Back to the partner: nothing of the visit stays in the tab. */
export function endPartnerVisit(): void {
  window.sessionStorage.removeItem(STORAGE_KEY)
  setTabToken(null)
}

/** The name the partner's customers know it by: its brand override, else its registered name. */
export function partnerNameOf(partner: PartnerFace): string {
  return partner.brand.name ?? partner.displayName
}

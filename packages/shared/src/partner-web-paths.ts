/**
 * The partner mode's addresses (spec section 2, decision 112), beside the table of web-paths.ts and read the same way
 * (`import * as PARTNER_PATHS`). Only the partner mode's chunks import them, so the first load carries none (decision
 * 116). /mp takes a partner's link and is the partner's dashboard; every signed-in screen has its /mp- twin
 * (`/dashboard-method` → `/mp-method`), plus the partner's order and the way back.
 */
export const partnerHome = '/mp'
export const partnerPrefix = '/mp-'
export const partnerCheckout = '/mp-checkout'
export const partnerReturn = '/mp-returnog'
export const partnerLogout = '/logoutmp'
/** Where a visit in a partner's frame continues in a tab of its own (decision 123). */
export const partnerContinue = '/mp-continue'

import * as WEB_PATHS from '@exchange/shared/web-paths'
import type { WebPath } from '@exchange/shared/web-links'

/**
 * The signed-in screens of spec section 2, every one built. Every one is loaded on demand and needs the jwtToken cookie.
 * This list is what the README names.
 */
export interface DashboardScreen {
  /** Its path; the spec's name for it is the path without `/dashboard-` (or `/`), e.g. 'startcc'. */
  path: string
  /** The page's title as the customer reads it. */
  title: string
}

/** A screen at a path of the paths table. Free of side effects, so that a list the first load does not use is left out of it. */
/* @__NO_SIDE_EFFECTS__ */
const sub = (path: WebPath, title: string): DashboardScreen => ({ path, title })

export const BUILT_DASHBOARD_SCREENS: readonly DashboardScreen[] = [
  sub(WEB_PATHS.dashboard, 'Buy crypto'),
  sub(WEB_PATHS.method, 'Choose how to pay'),
  sub(WEB_PATHS.details, 'Your details'),
  sub(WEB_PATHS.confirmDetails, 'Confirm your details'),
  sub(WEB_PATHS.chooseCard, 'Choose your card provider'),
  sub(WEB_PATHS.startCard, 'Card payment'),
  sub(WEB_PATHS.viban, 'Your virtual IBAN'),
  sub(WEB_PATHS.vibanDetails, 'Pay to your virtual IBAN'),
  sub(WEB_PATHS.returnCard, 'Payment result'),
  sub(WEB_PATHS.thankYou, 'Thank you'),
  sub(WEB_PATHS.sorry, 'Payment not completed'),
  sub(WEB_PATHS.chooseBank, 'Choose your bank'),
  sub(WEB_PATHS.banks, 'Choose your bank'),
  sub(WEB_PATHS.wire, 'Pay by bank transfer'),
  sub(WEB_PATHS.history, 'Order history'),
  sub(WEB_PATHS.authStart, 'Verify your identity'),
  sub(WEB_PATHS.hostedAuth, 'Identity check with our partner'),
  sub(WEB_PATHS.returnAuth, 'Checking your identity'),
  sub(WEB_PATHS.authEnd, 'Your identity check'),
  sub(WEB_PATHS.uploadDocs, 'Upload documents'),
  sub(WEB_PATHS.sourceOfFunds, 'Source of funds'),
  sub(WEB_PATHS.questionnaire, 'A few more questions'),
  // Not a screen of the spec: the checks panel on its own page, the menu's "Your checks" (decision 038).
  sub(WEB_PATHS.checks, 'Your checks'),
  sub(WEB_PATHS.wallets, 'Your wallets'),
  sub(WEB_PATHS.wayOut, 'Your choices for a waiting order'),
  sub(WEB_PATHS.receipt, 'Receipt'),
  sub(WEB_PATHS.disclaimer, 'Our agreement: key terms'),
  sub(WEB_PATHS.agreement, 'Customer agreement'),
  sub(WEB_PATHS.signAgreement, 'Sign the agreement'),
  sub(WEB_PATHS.returnAgreement, 'Agreement signed'),
  // The UK steps (decision 041); prwait, the cooling-off, is not in the spec's table and follows its pr… family.
  sub(WEB_PATHS.riskWarning, 'Risk warning'),
  sub(WEB_PATHS.categorisation, 'Investor categorisation'),
  sub(WEB_PATHS.assessment, 'Cryptoasset questions'),
  sub(WEB_PATHS.coolingOff, 'Time to think it over'),
  sub(WEB_PATHS.account, 'Account'),
  sub(WEB_PATHS.support, 'Support'),
  sub(WEB_PATHS.contactUs, 'Contact us'),
  // Two-factor sign-in (decision 124): introduction, QR code, first code, recovery codes, the factors, the passkeys.
  sub(WEB_PATHS.securityCode[0], 'Two-factor sign-in'),
  sub(WEB_PATHS.securityCode[1], 'Scan the QR code'),
  sub(WEB_PATHS.securityCode[2], 'Confirm your app'),
  sub(WEB_PATHS.securityCode[3], 'Your recovery codes'),
  sub(WEB_PATHS.securityCode[4], 'Your second factors'),
  sub(WEB_PATHS.securityCode[5], 'Your passkeys'),
  // Where login leads a returning customer (decision 125).
  sub(WEB_PATHS.land, 'Welcome back'),
]

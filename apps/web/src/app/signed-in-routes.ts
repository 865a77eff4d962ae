import * as WEB_PATHS from '@exchange/shared/web-paths'

/** Calls (by name, each sent with `{ brandName }`) a screen makes as it first renders; they can be sent before it loads. */
interface FirstCalls {
  public?: string[]
  user?: string[]
}

/** The signed-in layout's own: the customer (getGross) and the checks still owed (the menu's badge). */
export const LAYOUT_CALLS: FirstCalls = { user: ['getGross', 'journeyStatus'] }

/** The calls a signed-in screen makes as it first renders, by its path (the others make none before they load). */
const FIRST_CALLS: Record<string, FirstCalls> = {
  [WEB_PATHS.dashboard]: { public: ['getHpRates'], user: ['walletList'] },
}

/**
 * Every signed-in address of spec section 2 and beyond it. Their screens' table (signed-in-screens.ts, with a lazy
 * import each) is loaded with the signed-in layout, not with /login (decision 129 made room for the texts there).
 */
export const SIGNED_IN_PATHS: readonly string[] = [
  WEB_PATHS.dashboard,
  WEB_PATHS.method,
  WEB_PATHS.details,
  WEB_PATHS.confirmDetails,
  WEB_PATHS.chooseCard,
  WEB_PATHS.startCard,
  WEB_PATHS.viban,
  WEB_PATHS.vibanDetails,
  WEB_PATHS.returnCard,
  WEB_PATHS.thankYou,
  WEB_PATHS.sorry,
  WEB_PATHS.chooseBank,
  WEB_PATHS.banks,
  WEB_PATHS.wire,
  WEB_PATHS.history,
  WEB_PATHS.authStart,
  WEB_PATHS.hostedAuth,
  WEB_PATHS.returnAuth,
  WEB_PATHS.authEnd,
  WEB_PATHS.uploadDocs,
  WEB_PATHS.sourceOfFunds,
  WEB_PATHS.questionnaire,
  WEB_PATHS.checks,
  WEB_PATHS.wallets,
  WEB_PATHS.wayOut,
  WEB_PATHS.receipt,
  WEB_PATHS.disclaimer,
  WEB_PATHS.agreement,
  WEB_PATHS.signAgreement,
  WEB_PATHS.returnAgreement,
  WEB_PATHS.riskWarning,
  WEB_PATHS.categorisation,
  WEB_PATHS.assessment,
  WEB_PATHS.coolingOff,
  WEB_PATHS.land,
  WEB_PATHS.account,
  WEB_PATHS.support,
  WEB_PATHS.contactUs,
  ...WEB_PATHS.securityCode,
]

/** The signed-in address a path is, if it is one; paths match without regard to case, as the router does. */
export function signedInPathAt(pathname: string): string | undefined {
  const path = `/${pathname.toLowerCase().replace(/^\/+|\/+$/g, '')}`
  return SIGNED_IN_PATHS.find((candidate) => candidate.toLowerCase() === path)
}

/** The calls the screen at a signed-in path makes as it first renders. */
export const firstCallsAt = (path: string): FirstCalls => FIRST_CALLS[path] ?? {}

const importScreens = () => import('./signed-in-screens')
let screens: ReturnType<typeof importScreens> | undefined
/** The signed-in screens' table, loaded once: early when the page opens signed in, else with the signed-in layout. */
export const loadSignedInScreens = () => (screens ??= importScreens())

/**
 * Every address of the web app (spec section 2 and the screens beyond it), by what it shows: read it as a table,
 * `import * as WEB_PATHS from '@exchange/shared/web-paths'` and `WEB_PATHS.method`. The web's router and links and
 * the api's return addresses take their paths from here, so each is spelled once. Plain constants rather than one
 * object, so that a bundle carries only the paths it uses (the first load has a budget, decision 051). Paths match
 * without regard to case, as the router does.
 */
// The account screens, in the first load.
export const home = '/'
export const signup = '/signup'
export const login = '/login'
export const code = '/code'
export const resetPassword = '/resetpass'
export const resetDone = '/redirect'
export const logout = '/logout'
export const logjust = '/logjust'
export const marketing = '/home'
// The link an old e-mail address is sent to undo an e-mail change (decision 121); public, loaded on demand.
export const undoEmail = '/undoemail'
// The signed-in screens, each loaded on demand.
export const dashboard = '/dashboard'
export const method = '/dashboard-method'
export const details = '/dashboard-details'
export const confirmDetails = '/dashboard-confirmdetails'
export const chooseCard = '/dashboard-choosecc'
export const startCard = '/dashboard-startcc'
export const viban = '/dashboard-viban'
export const vibanDetails = '/dashboard-vibanDetails'
export const returnCard = '/dashboard-returncc'
export const thankYou = '/dashboard-thankyou'
export const sorry = '/dashboard-sorry'
export const chooseBank = '/dashboard-choosebank'
export const banks = '/dashboard-banks'
export const wire = '/dashboard-wire'
export const history = '/dashboard-history'
export const authStart = '/dashboard-authstart'
export const hostedAuth = '/dashboard-hostedauth'
export const returnAuth = '/dashboard-returnauth'
export const authEnd = '/dashboard-authend'
export const uploadDocs = '/dashboard-uploaddocs'
export const sourceOfFunds = '/dashboard-sof'
export const questionnaire = '/dashboard-quest'
// Beyond the spec's table (it allows more routes): the checks panel on its own page (decision 038), where a
// customer proves a wallet (039), the way out of a waiting order (085), a receipt (049), the agreement (044) and
// the UK steps (041; prwait, the cooling-off, follows the spec's pr… family).
export const checks = '/dashboard-checks'
export const wallets = '/dashboard-wallets'
export const wayOut = '/dashboard-wayout'
export const receipt = '/dashboard-receipt'
export const disclaimer = '/dashboard-disclaimer'
export const agreement = '/dashboard-agr'
export const signAgreement = '/dashboard-agr1'
export const returnAgreement = '/dashboard-returnagr'
export const riskWarning = '/dashboard-prk'
export const categorisation = '/dashboard-prst'
export const assessment = '/dashboard-prquest'
export const coolingOff = '/dashboard-prwait'
export const account = '/dashAccount'
export const support = '/dashSupport'
// The partner mode's addresses (/mp, its /mp- twins, /logoutmp) are in partner-web-paths.ts, so that the first load,
// which imports this table, carries none of them (decision 116).
// Named by the spec, not built yet ("not available yet").
export const land = '/land'
export const contactUs = '/dashboard-contactus'
export const securityCode = [
  '/dashboard-otp0',
  '/dashboard-otp1',
  '/dashboard-otp2',
  '/dashboard-otp3',
  '/dashboard-otp4',
  '/dashboard-otp5',
] as const

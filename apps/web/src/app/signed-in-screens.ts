import * as WEB_PATHS from '@exchange/shared/web-paths'
import { catalogLanguage } from '../lib/i18n/catalog'
import { appCatalog } from './messages'
import { screensCatalog } from './routes/messages'
import { type LazyScreen, onDemand } from './on-demand'

const ChooseBankRoute = onDemand(() => import('./routes/choose-bank-route'))
const SupportRoute = onDemand(() => import('./routes/support-route'))
const OtpRoute = onDemand(() => import('./routes/otp-route'))

/** Every signed-in screen of spec section 2 and beyond it, each loaded when first visited. */
export const DASHBOARD_ROUTES: { path: string; Screen: LazyScreen }[] = [
  { path: WEB_PATHS.dashboard, Screen: onDemand(() => import('./routes/calculator-route')) },
  { path: WEB_PATHS.method, Screen: onDemand(() => import('./routes/method-route'), [screensCatalog]) },
  { path: WEB_PATHS.details, Screen: onDemand(() => import('./routes/details-route')) },
  { path: WEB_PATHS.confirmDetails, Screen: onDemand(() => import('./routes/confirm-details-route')) },
  { path: WEB_PATHS.chooseCard, Screen: onDemand(() => import('./routes/choose-cc-route')) },
  { path: WEB_PATHS.startCard, Screen: onDemand(() => import('./routes/start-cc-route')) },
  { path: WEB_PATHS.viban, Screen: onDemand(() => import('./routes/viban-route')) },
  { path: WEB_PATHS.vibanDetails, Screen: onDemand(() => import('./routes/viban-details-route')) },
  { path: WEB_PATHS.returnCard, Screen: onDemand(() => import('./routes/return-cc-route')) },
  { path: WEB_PATHS.thankYou, Screen: onDemand(() => import('./routes/thank-you-route')) },
  { path: WEB_PATHS.sorry, Screen: onDemand(() => import('./routes/sorry-route')) },
  { path: WEB_PATHS.chooseBank, Screen: ChooseBankRoute },
  { path: WEB_PATHS.banks, Screen: ChooseBankRoute },
  { path: WEB_PATHS.wire, Screen: onDemand(() => import('./routes/wire-route')) },
  { path: WEB_PATHS.history, Screen: onDemand(() => import('./routes/history-route')) },
  { path: WEB_PATHS.authStart, Screen: onDemand(() => import('./routes/auth-start-route')) },
  { path: WEB_PATHS.hostedAuth, Screen: onDemand(() => import('./routes/hosted-auth-route')) },
  { path: WEB_PATHS.returnAuth, Screen: onDemand(() => import('./routes/return-auth-route')) },
  { path: WEB_PATHS.authEnd, Screen: onDemand(() => import('./routes/auth-end-route')) },
  { path: WEB_PATHS.uploadDocs, Screen: onDemand(() => import('./routes/upload-docs-route')) },
  { path: WEB_PATHS.sourceOfFunds, Screen: onDemand(() => import('./routes/sof-route'), [screensCatalog]) },
  { path: WEB_PATHS.questionnaire, Screen: onDemand(() => import('./routes/quest-route')) },
  { path: WEB_PATHS.checks, Screen: onDemand(() => import('./routes/checks-route')) },
  // Beyond the spec's table (it allows more routes): where a customer proves a wallet (decision 039).
  { path: WEB_PATHS.wallets, Screen: onDemand(() => import('./routes/wallets-route'), [screensCatalog]) },
  // The way out of a paid order whose delivery waits: another wallet, or the money back (decision 085).
  { path: WEB_PATHS.wayOut, Screen: onDemand(() => import('./routes/way-out-route'), [screensCatalog]) },
  // A completed order's printable receipt (decision 049).
  { path: WEB_PATHS.receipt, Screen: onDemand(() => import('./routes/receipt-route')) },
  // The customer agreement (decision 044).
  { path: WEB_PATHS.disclaimer, Screen: onDemand(() => import('./routes/disclaimer-route')) },
  { path: WEB_PATHS.agreement, Screen: onDemand(() => import('./routes/agr-route')) },
  { path: WEB_PATHS.signAgreement, Screen: onDemand(() => import('./routes/agr1-route')) },
  { path: WEB_PATHS.returnAgreement, Screen: onDemand(() => import('./routes/return-agr-route')) },
  // The UK steps (decision 041); prwait, the cooling-off, follows the spec's pr… family.
  { path: WEB_PATHS.riskWarning, Screen: onDemand(() => import('./routes/prk-route')) },
  { path: WEB_PATHS.categorisation, Screen: onDemand(() => import('./routes/prst-route')) },
  { path: WEB_PATHS.assessment, Screen: onDemand(() => import('./routes/prquest-route')) },
  { path: WEB_PATHS.coolingOff, Screen: onDemand(() => import('./routes/prwait-route')) },
  // Where login leads a returning customer (decision 125).
  { path: WEB_PATHS.land, Screen: onDemand(() => import('./routes/land-route'), [screensCatalog]) },
  { path: WEB_PATHS.account, Screen: onDemand(() => import('./routes/account-route')) },
  // Requests and the contact form share one module (decision 122).
  { path: WEB_PATHS.support, Screen: SupportRoute },
  { path: WEB_PATHS.contactUs, Screen: SupportRoute },
  // Two-factor sign-in's six screens share one module (decision 124).
  ...WEB_PATHS.securityCode.map((path) => ({ path, Screen: OtpRoute })),
]

/** The signed-in frame's catalogs, asked for with this table so that they arrive with the layout (decision 129). */
export function loadFrameTexts(): Promise<unknown> {
  return appCatalog.load(catalogLanguage())
}

/** The screen of a signed-in address (as `signedInPathAt` gives it). */
export function signedInScreenAt(path: string): LazyScreen | undefined {
  return DASHBOARD_ROUTES.find((candidate) => candidate.path === path)?.Screen
}

import * as WEB_PATHS from '@exchange/shared/web-paths'
import { catalogLanguage } from '../lib/i18n/catalog'
import { appCatalog } from './messages'
import { type LazyScreen, onDemand } from './on-demand'
import { accountSecurityCatalog } from '../features/account-security/messages'
import { agreementCatalog } from '../features/agreement/messages'
import { buyCatalog } from '../features/buy/messages'
import { clientDetailsCatalog } from '../features/client-details/messages'
import { dashboardCatalog } from '../features/dashboard/messages'
import { documentsCatalog } from '../features/documents/messages'
import { dueDiligenceCatalog } from '../features/due-diligence/messages'
import { errorCopyCatalog } from '../lib/error-copy/messages'
import { identityCatalog } from '../features/identity/messages'
import { journeyCatalog } from '../features/journey/messages'
import { orderCopyCatalog } from '../lib/order-copy/messages'
import { orderTrailCatalog } from '../features/orders/order-trail/messages'
import { ordersCatalog } from '../features/orders/messages'
import { passkeysCatalog } from '../lib/passkeys/messages'
import { screensCatalog } from './routes/messages'
import { supportCatalog } from '../features/support/messages'
import { uiCatalog } from '../components/messages'
import { ukRiskCatalog } from '../features/uk-risk/messages'
import { walletsCatalog } from '../features/wallets/messages'

const ChooseBankRoute = onDemand(
  () => import('./routes/choose-bank-route'),
  [errorCopyCatalog, orderCopyCatalog, orderTrailCatalog, ordersCatalog, uiCatalog],
)
const SupportRoute = onDemand(
  () => import('./routes/support-route'),
  [errorCopyCatalog, identityCatalog, supportCatalog, uiCatalog],
)
const OtpRoute = onDemand(() => import('./routes/otp-route'), [accountSecurityCatalog, passkeysCatalog])

/** Every signed-in screen of spec section 2 and beyond it, each loaded when first visited. */
export const DASHBOARD_ROUTES: { path: string; Screen: LazyScreen }[] = [
  {
    path: WEB_PATHS.dashboard,
    Screen: onDemand(
      () => import('./routes/calculator-route'),
      [buyCatalog, dashboardCatalog, errorCopyCatalog, journeyCatalog, orderCopyCatalog, uiCatalog],
    ),
  },
  {
    path: WEB_PATHS.method,
    Screen: onDemand(
      () => import('./routes/method-route'),
      [errorCopyCatalog, orderCopyCatalog, orderTrailCatalog, ordersCatalog, screensCatalog, uiCatalog],
    ),
  },
  {
    path: WEB_PATHS.details,
    Screen: onDemand(
      () => import('./routes/details-route'),
      [clientDetailsCatalog, errorCopyCatalog, journeyCatalog, uiCatalog],
    ),
  },
  {
    path: WEB_PATHS.confirmDetails,
    Screen: onDemand(
      () => import('./routes/confirm-details-route'),
      [clientDetailsCatalog, errorCopyCatalog, orderCopyCatalog, ordersCatalog, uiCatalog],
    ),
  },
  {
    path: WEB_PATHS.chooseCard,
    Screen: onDemand(
      () => import('./routes/choose-cc-route'),
      [errorCopyCatalog, orderCopyCatalog, orderTrailCatalog, ordersCatalog, uiCatalog],
    ),
  },
  {
    path: WEB_PATHS.startCard,
    Screen: onDemand(
      () => import('./routes/start-cc-route'),
      [errorCopyCatalog, journeyCatalog, orderCopyCatalog, orderTrailCatalog, ordersCatalog, uiCatalog],
    ),
  },
  {
    path: WEB_PATHS.viban,
    Screen: onDemand(
      () => import('./routes/viban-route'),
      [errorCopyCatalog, journeyCatalog, orderCopyCatalog, orderTrailCatalog, ordersCatalog, uiCatalog],
    ),
  },
  {
    path: WEB_PATHS.vibanDetails,
    Screen: onDemand(
      () => import('./routes/viban-details-route'),
      [errorCopyCatalog, journeyCatalog, orderCopyCatalog, orderTrailCatalog, ordersCatalog, uiCatalog],
    ),
  },
  {
    path: WEB_PATHS.returnCard,
    Screen: onDemand(() => import('./routes/return-cc-route'), [errorCopyCatalog, orderCopyCatalog, ordersCatalog]),
  },
  {
    path: WEB_PATHS.thankYou,
    Screen: onDemand(
      () => import('./routes/thank-you-route'),
      [errorCopyCatalog, orderCopyCatalog, orderTrailCatalog, ordersCatalog, uiCatalog],
    ),
  },
  {
    path: WEB_PATHS.sorry,
    Screen: onDemand(
      () => import('./routes/sorry-route'),
      [errorCopyCatalog, orderCopyCatalog, orderTrailCatalog, ordersCatalog, uiCatalog],
    ),
  },
  { path: WEB_PATHS.chooseBank, Screen: ChooseBankRoute },
  { path: WEB_PATHS.banks, Screen: ChooseBankRoute },
  {
    path: WEB_PATHS.wire,
    Screen: onDemand(
      () => import('./routes/wire-route'),
      [errorCopyCatalog, journeyCatalog, orderCopyCatalog, orderTrailCatalog, ordersCatalog, uiCatalog],
    ),
  },
  {
    path: WEB_PATHS.history,
    Screen: onDemand(
      () => import('./routes/history-route'),
      [errorCopyCatalog, orderCopyCatalog, orderTrailCatalog, ordersCatalog, uiCatalog],
    ),
  },
  {
    path: WEB_PATHS.authStart,
    Screen: onDemand(() => import('./routes/auth-start-route'), [identityCatalog, uiCatalog]),
  },
  {
    path: WEB_PATHS.hostedAuth,
    Screen: onDemand(() => import('./routes/hosted-auth-route'), [errorCopyCatalog, identityCatalog, uiCatalog]),
  },
  {
    path: WEB_PATHS.returnAuth,
    Screen: onDemand(() => import('./routes/return-auth-route'), [errorCopyCatalog, identityCatalog, uiCatalog]),
  },
  {
    path: WEB_PATHS.authEnd,
    Screen: onDemand(() => import('./routes/auth-end-route'), [errorCopyCatalog, identityCatalog, uiCatalog]),
  },
  {
    path: WEB_PATHS.uploadDocs,
    Screen: onDemand(() => import('./routes/upload-docs-route'), [documentsCatalog, errorCopyCatalog, uiCatalog]),
  },
  {
    path: WEB_PATHS.sourceOfFunds,
    Screen: onDemand(
      () => import('./routes/sof-route'),
      [documentsCatalog, dueDiligenceCatalog, errorCopyCatalog, journeyCatalog, screensCatalog, uiCatalog],
    ),
  },
  {
    path: WEB_PATHS.questionnaire,
    Screen: onDemand(
      () => import('./routes/quest-route'),
      [dueDiligenceCatalog, errorCopyCatalog, journeyCatalog, uiCatalog],
    ),
  },
  { path: WEB_PATHS.checks, Screen: onDemand(() => import('./routes/checks-route'), [journeyCatalog, uiCatalog]) },
  // Beyond the spec's table (it allows more routes): where a customer proves a wallet (decision 039).
  {
    path: WEB_PATHS.wallets,
    Screen: onDemand(
      () => import('./routes/wallets-route'),
      [errorCopyCatalog, orderCopyCatalog, screensCatalog, uiCatalog, walletsCatalog],
    ),
  },
  // The way out of a paid order whose delivery waits: another wallet, or the money back (decision 085).
  {
    path: WEB_PATHS.wayOut,
    Screen: onDemand(
      () => import('./routes/way-out-route'),
      [errorCopyCatalog, orderCopyCatalog, ordersCatalog, screensCatalog],
    ),
  },
  // A completed order's printable receipt (decision 049).
  {
    path: WEB_PATHS.receipt,
    Screen: onDemand(
      () => import('./routes/receipt-route'),
      [errorCopyCatalog, orderCopyCatalog, ordersCatalog, uiCatalog],
    ),
  },
  // The customer agreement (decision 044).
  {
    path: WEB_PATHS.disclaimer,
    Screen: onDemand(
      () => import('./routes/disclaimer-route'),
      [agreementCatalog, errorCopyCatalog, journeyCatalog, uiCatalog],
    ),
  },
  {
    path: WEB_PATHS.agreement,
    Screen: onDemand(() => import('./routes/agr-route'), [agreementCatalog, errorCopyCatalog, uiCatalog]),
  },
  {
    path: WEB_PATHS.signAgreement,
    Screen: onDemand(() => import('./routes/agr1-route'), [agreementCatalog, errorCopyCatalog, uiCatalog]),
  },
  {
    path: WEB_PATHS.returnAgreement,
    Screen: onDemand(
      () => import('./routes/return-agr-route'),
      [agreementCatalog, errorCopyCatalog, journeyCatalog, uiCatalog],
    ),
  },
  // The UK steps (decision 041); prwait, the cooling-off, follows the spec's pr… family.
  {
    path: WEB_PATHS.riskWarning,
    Screen: onDemand(() => import('./routes/prk-route'), [journeyCatalog, uiCatalog, ukRiskCatalog]),
  },
  {
    path: WEB_PATHS.categorisation,
    Screen: onDemand(() => import('./routes/prst-route'), [journeyCatalog, uiCatalog, ukRiskCatalog]),
  },
  {
    path: WEB_PATHS.assessment,
    Screen: onDemand(() => import('./routes/prquest-route'), [journeyCatalog, uiCatalog, ukRiskCatalog]),
  },
  {
    path: WEB_PATHS.coolingOff,
    Screen: onDemand(() => import('./routes/prwait-route'), [journeyCatalog, uiCatalog, ukRiskCatalog]),
  },
  // Where login leads a returning customer (decision 125).
  {
    path: WEB_PATHS.land,
    Screen: onDemand(
      () => import('./routes/land-route'),
      [errorCopyCatalog, journeyCatalog, orderCopyCatalog, ordersCatalog, screensCatalog],
    ),
  },
  {
    path: WEB_PATHS.account,
    Screen: onDemand(
      () => import('./routes/account-route'),
      [accountSecurityCatalog, agreementCatalog, clientDetailsCatalog, identityCatalog, passkeysCatalog, uiCatalog],
    ),
  },
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

import {
  Component as ReactComponent,
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react'
import { Route, Routes, useLocation } from 'react-router'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { PageSpinner } from '../components/account/ui'
import { BootLoader } from '../components/ui/boot-loader'
import { CodeEntryScreen } from '../features/auth/components/code-entry-screen'
import { LoginForm } from '../features/auth/components/login-form'
import { ResetPasswordScreen } from '../features/auth/components/reset-password-screen'
import { ResetSuccessScreen } from '../features/auth/components/reset-success-screen'
import { SignupForm } from '../features/auth/components/signup-form'
import { LogoutScreen } from '../features/session/components/logout-screen'
import { afterScreenPainted } from '../lib/after-paint'
import { sendCallsEarly } from '../lib/api-client'
import { readJwtCookie } from '../lib/cookies'
import { useJwtToken } from '../lib/use-jwt-token'
import { NOT_AVAILABLE_SCREENS } from './dashboard-screens'
import { CardLayout } from './layouts/card-layout'
import { HomeLayout } from './layouts/home-layout'
import { PublicLayout } from './layouts/public-layout'
import { SignedInShell } from './layouts/signed-in-shell'
import { LogjustRoute } from './routes/logjust-route'
import { MarketingRedirectRoute } from './routes/marketing-redirect-route'
import { NotFoundRoute } from './routes/not-found-route'
import { RouteError } from './routes/route-error'

/**
 * A screen module loaded on demand: each route file exports its screen as `Component`. `preload` starts the download
 * before the screen is rendered (the same one download as rendering it).
 */
type LazyScreen = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> }
function onDemand(load: () => Promise<{ Component: ComponentType }>): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined
  const preload = () => (loading ??= load().then((module) => ({ default: module.Component })))
  return Object.assign(lazy(preload), { preload })
}

/** The signed-in layout, which brings Mantine, the query cache and zod with it (decision 051). */
const DashboardLayoutRoute = onDemand(() => import('./routes/dashboard-layout-route'))
const ChooseBankRoute = onDemand(() => import('./routes/choose-bank-route'))
const NotAvailableRoute = onDemand(() => import('./routes/not-available-route'))

/** Calls (by name, each sent with `{ brandName }`) a screen makes as it first renders; they can be sent before it loads. */
interface FirstCalls {
  public?: string[]
  user?: string[]
}

/** The signed-in layout's own: the customer (getGross) and the checks still owed (the menu's badge). */
const LAYOUT_CALLS: FirstCalls = { user: ['getGross', 'journeyStatus'] }

/** Every signed-in screen of spec section 2 and beyond it, each loaded when first visited. */
export const DASHBOARD_ROUTES: { path: string; Screen: LazyScreen; calls?: FirstCalls }[] = [
  {
    path: WEB_PATHS.dashboard,
    Screen: onDemand(() => import('./routes/calculator-route')),
    calls: { public: ['getHpRates'], user: ['walletList'] },
  },
  { path: WEB_PATHS.method, Screen: onDemand(() => import('./routes/method-route')) },
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
  { path: WEB_PATHS.sourceOfFunds, Screen: onDemand(() => import('./routes/sof-route')) },
  { path: WEB_PATHS.questionnaire, Screen: onDemand(() => import('./routes/quest-route')) },
  { path: WEB_PATHS.checks, Screen: onDemand(() => import('./routes/checks-route')) },
  // Beyond the spec's table (it allows more routes): where a customer proves a wallet (decision 039).
  { path: WEB_PATHS.wallets, Screen: onDemand(() => import('./routes/wallets-route')) },
  // The way out of a paid order whose delivery waits: another wallet, or the money back (decision 085).
  { path: WEB_PATHS.wayOut, Screen: onDemand(() => import('./routes/way-out-route')) },
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
  { path: WEB_PATHS.account, Screen: onDemand(() => import('./routes/account-route')) },
  { path: WEB_PATHS.support, Screen: onDemand(() => import('./routes/support-route')) },
  ...NOT_AVAILABLE_SCREENS.map((screen) => ({ path: screen.path, Screen: NotAvailableRoute })),
]

/** The signed-in route at an address; paths match without regard to case, as the router does. */
function signedInRouteAt(pathname: string) {
  const path = `/${pathname.toLowerCase().replace(/^\/+|\/+$/g, '')}`
  return DASHBOARD_ROUTES.find((candidate) => candidate.path.toLowerCase() === path)
}

/**
 * A page loaded signed in at a signed-in address (a reload, an e-mail's link): once the brand is known, the calls the
 * signed-in layout and its screen make as they first render are sent at once, instead of one after the other as each
 * renders (decision 060). Their modules are asked for once the frame has painted (`SignedInArea`).
 */
export function startSignedInScreen(brandName: string, pathname: string): void {
  const route = signedInRouteAt(pathname)
  if (!route || !readJwtCookie()) return
  const calls = [LAYOUT_CALLS, route.calls ?? {}]
  sendCallsEarly(
    { public: calls.flatMap((call) => call.public ?? []), user: calls.flatMap((call) => call.user ?? []) },
    { brandName },
  )
}

/** A screen that failed to render, or whose module failed to load (a new deployment): a reload is offered. */
class RouteErrorBoundary extends ReactComponent<{ pathname: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidUpdate(previous: { pathname: string }) {
    // Going elsewhere (the browser's back button) leaves the failed screen behind.
    if (this.state.failed && previous.pathname !== this.props.pathname) this.setState({ failed: false })
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children
  }
}

/** The signed-in layout; while its modules load, a signed-in visitor sees its frame with the UK warning already in it. */
function SignedInArea() {
  const token = useJwtToken()
  const { pathname } = useLocation()
  // The frame (and the UK warning in it, the page's largest text) paints first; the layout's and the screen's modules
  // (about thirty files, 270 KB) are asked for once it is on screen, so that they never hold it back (decisions 060, 067).
  const [framePainted, setFramePainted] = useState(!token)
  const [shellRendered] = useState(() => performance.now())
  useEffect(() => {
    if (framePainted) return
    return afterScreenPainted(shellRendered, () => {
      // A failed download shows when the screen renders (the route's error boundary); here it is only started. The
      // libraries are asked for on their own, so that their modules run in a task before the app's (decision 068).
      import('./dashboard-libraries').catch(() => undefined)
      signedInRouteAt(pathname)
        ?.Screen.preload()
        .catch(() => undefined)
      setFramePainted(true)
    })
  }, [framePainted, pathname, shellRendered])
  if (!framePainted) return <SignedInShell />
  return (
    <Suspense fallback={token ? <SignedInShell /> : <BootLoader />}>
      <DashboardLayoutRoute />
    </Suspense>
  )
}

/** A new page starts at its top, as a page loaded from the server would. */
function useScrollToTopOnNewPage(pathname: string) {
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
}

/**
 * The route table of spec section 2, plain paths without parameters, in react-router's declarative mode: the public
 * pages are in the first load, every signed-in one is loaded on demand (decision 051).
 */
export function AppRoutes() {
  const { pathname } = useLocation()
  useScrollToTopOnNewPage(pathname)
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={<BootLoader />}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route element={<HomeLayout />}>
              <Route index element={<SignupForm />} />
              <Route path={WEB_PATHS.signup} element={<SignupForm />} />
              <Route path={WEB_PATHS.login} element={<LoginForm />} />
            </Route>
            <Route element={<CardLayout />}>
              <Route path={WEB_PATHS.code} element={<CodeEntryScreen />} />
              <Route path={WEB_PATHS.resetPassword} element={<ResetPasswordScreen />} />
              <Route path={WEB_PATHS.resetDone} element={<ResetSuccessScreen />} />
              <Route path={WEB_PATHS.logout} element={<LogoutScreen />} />
              <Route path={WEB_PATHS.logjust} element={<LogjustRoute />} />
              <Route path={WEB_PATHS.marketing} element={<MarketingRedirectRoute />} />
              <Route path="*" element={<NotFoundRoute />} />
            </Route>
          </Route>
          <Route element={<SignedInArea />}>
            {DASHBOARD_ROUTES.map(({ path, Screen }) => (
              <Route
                key={path}
                path={path}
                element={
                  // The signed-in layout stays while a screen first visited loads.
                  <Suspense fallback={<PageSpinner label="Loading" />}>
                    <Screen />
                  </Suspense>
                }
              />
            ))}
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  )
}

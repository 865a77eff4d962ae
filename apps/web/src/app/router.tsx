import {
  Component as ReactComponent,
  createElement,
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
import { focusFirstInvalidOnSubmit, PageAnnouncer } from '../components/ui/page-a11y'
import { LoginForm } from '../features/auth/components/login-form'
import { afterScreenPainted } from '../lib/after-paint'
import { sendCallsEarly } from '../lib/api-client'
import { useBrand } from '../lib/brand-context'
import { readJwtCookie } from '../lib/cookies'
import { reportError } from '../lib/report-error'
import { useJwtToken } from '../lib/use-jwt-token'
import { commonCatalog } from '../lib/common-copy'
import { onDemand } from './on-demand'
import { firstCallsAt, LAYOUT_CALLS, loadSignedInScreens, SIGNED_IN_PATHS, signedInPathAt } from './signed-in-routes'
import { CardLayout } from './layouts/card-layout'
import { HomeLayout } from './layouts/home-layout'
import { PublicLayout } from './layouts/public-layout'
import { SignedInShell } from './layouts/signed-in-shell'
import { RouteError } from './routes/route-error'
import { SessionEndedNotice, SignedOutOnly } from './routes/signed-in-visitor'

/**
 * The public screens other than the home views (/, /signup, /login), loaded on demand: the first load carries only
 * what /login shows (decision 125). `CardLayout` shows a spinner in the card's place while one loads.
 */
const SignupForm = onDemand(() => import('./routes/public-screens').then((module) => ({ Component: module.Signup })))
const CodeEntryScreen = onDemand(() => import('./routes/public-screens').then((module) => ({ Component: module.Code })))
const ResetPasswordScreen = onDemand(() =>
  import('./routes/public-screens').then((module) => ({ Component: module.ResetPassword })),
)
const ResetSuccessScreen = onDemand(() =>
  import('./routes/public-screens').then((module) => ({ Component: module.ResetDone })),
)
const LogoutScreen = onDemand(() => import('./routes/public-screens').then((module) => ({ Component: module.Logout })))
const LogjustRoute = onDemand(() => import('./routes/public-screens').then((module) => ({ Component: module.Logjust })))
const MarketingRedirectRoute = onDemand(() =>
  import('./routes/public-screens').then((module) => ({ Component: module.Marketing })),
)
const NotFoundRoute = onDemand(() =>
  import('./routes/public-screens').then((module) => ({ Component: module.NotFound })),
)

/**
 * The public screen at the address the page opened at, other than /login, asked for at once: its chunk arrives while
 * the brand loads, so the screen shows as soon as the brand is known (decision 125).
 */
export function startPublicScreen(pathname: string): void {
  if (/^\/login\/?$/i.test(pathname) || signedInPathAt(pathname) || PARTNER_ADDRESS.test(pathname)) return
  SignupForm.preload().catch(() => undefined)
}

/** The signed-in layout, which brings Mantine, the query cache and zod with it (decision 051). */
const DashboardLayoutRoute = onDemand(() => import('./routes/dashboard-layout-route'))

/**
 * The partner mode (decision 116): `/mp`, `/mp-…` and `/logoutmp`, loaded on demand with routes of its own, so that the
 * first load carries only this line of it.
 */
const PartnerArea = onDemand(() => import('./partner/partner-area'))
const PARTNER_ADDRESS = /^\/(logout)?mp(-|\/?$)/i

/**
 * A page loaded signed in at a signed-in address (a reload, an e-mail's link): once the brand is known, the calls the
 * signed-in layout and its screen make as they first render are sent at once, instead of one after the other as each
 * renders (decision 060). Their modules are asked for once the frame has painted (`SignedInArea`).
 */
export function startSignedInScreen(brandName: string, pathname: string): void {
  const path = signedInPathAt(pathname)
  if (!path || !readJwtCookie()) return
  // The screens' table too, so that the screen's module is asked for as soon as the frame has painted, and the frame's
  // texts with it.
  loadSignedInScreens()
    .then((screens) => screens.loadFrameTexts())
    .catch(() => undefined)
  const calls = [LAYOUT_CALLS, firstCallsAt(path)]
  sendCallsEarly(
    { public: calls.flatMap((call) => call.public ?? []), user: calls.flatMap((call) => call.user ?? []) },
    { brandName },
  )
}

/**
 * A screen that failed to render, or whose module failed to load (a new deployment): a reload is offered, and the error
 * goes to the error log (decision 120).
 */
export class RouteErrorBoundary extends ReactComponent<{ pathname: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown) {
    reportError('render', error)
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
      const path = signedInPathAt(pathname)
      if (path)
        loadSignedInScreens()
          .then((screens) => Promise.all([screens.loadFrameTexts(), screens.signedInScreenAt(path)?.preload()]))
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

/**
 * The screen of each signed-in address, from the screens' table (loaded on demand, decision 129): a lazy component per
 * address, made once, whose module is the table's then the screen's.
 */
const signedInScreens = new Map<string, LazyExoticComponent<ComponentType>>()
function signedInScreen(path: string) {
  let screen = signedInScreens.get(path)
  if (!screen) {
    screen = lazy(() =>
      loadSignedInScreens().then((table) => table.signedInScreenAt(path)?.preload() ?? { default: () => null }),
    )
    signedInScreens.set(path, screen)
  }
  return screen
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
  const brand = useBrand()
  useScrollToTopOnNewPage(pathname)
  useEffect(focusFirstInvalidOnSubmit, [])
  return (
    <RouteErrorBoundary pathname={pathname}>
      <PageAnnouncer pathname={pathname} brandName={brand.brandName} />
      <Suspense fallback={<BootLoader />}>
        {PARTNER_ADDRESS.test(pathname) ? (
          <PartnerArea />
        ) : (
          <Routes>
            <Route element={<PublicLayout />}>
              <Route element={<HomeLayout />}>
                <Route
                  index
                  element={
                    <SignedOutOnly>
                      <SignupForm />
                    </SignedOutOnly>
                  }
                />
                <Route path={WEB_PATHS.signup} element={<SignupForm />} />
                <Route
                  path={WEB_PATHS.login}
                  element={
                    <SignedOutOnly>
                      <div className="ac-column">
                        <SessionEndedNotice />
                        <LoginForm />
                      </div>
                    </SignedOutOnly>
                  }
                />
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
              {SIGNED_IN_PATHS.map((path) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    // The signed-in layout stays while a screen first visited loads.
                    <Suspense fallback={<PageSpinner label={commonCatalog.t('common.loading')} />}>
                      {createElement(signedInScreen(path))}
                    </Suspense>
                  }
                />
              ))}
            </Route>
          </Routes>
        )}
      </Suspense>
    </RouteErrorBoundary>
  )
}

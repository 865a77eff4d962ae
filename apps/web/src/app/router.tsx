import { createBrowserRouter, type RouteObject } from 'react-router'
import { BootLoader } from '../components/ui/boot-loader'
import { CodeEntryScreen } from '../features/auth/components/code-entry-screen'
import { LoginForm } from '../features/auth/components/login-form'
import { ResetPasswordScreen } from '../features/auth/components/reset-password-screen'
import { ResetSuccessScreen } from '../features/auth/components/reset-success-screen'
import { SignupForm } from '../features/auth/components/signup-form'
import { LogoutScreen } from '../features/session/components/logout-screen'
import { NOT_AVAILABLE_SCREENS } from './dashboard-screens'
import { CardLayout } from './layouts/card-layout'
import { HomeLayout } from './layouts/home-layout'
import { PublicLayout } from './layouts/public-layout'
import { ThemedRoot } from './providers/themed-root'
import { LogjustRoute } from './routes/logjust-route'
import { MarketingRedirectRoute } from './routes/marketing-redirect-route'
import { NotFoundRoute } from './routes/not-found-route'
import { RouteError } from './routes/route-error'

/** The route table of spec section 2. Plain paths, no parameters. */
export const appRoutes: RouteObject[] = [
  {
    element: <ThemedRoot />,
    HydrateFallback: BootLoader,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              {
                element: <HomeLayout />,
                children: [
                  { index: true, element: <SignupForm /> },
                  { path: 'signup', element: <SignupForm /> },
                  { path: 'login', element: <LoginForm /> },
                ],
              },
              {
                element: <CardLayout />,
                children: [
                  { path: 'code', element: <CodeEntryScreen /> },
                  { path: 'resetpass', element: <ResetPasswordScreen /> },
                  { path: 'redirect', element: <ResetSuccessScreen /> },
                  { path: 'logout', element: <LogoutScreen /> },
                  { path: 'logjust', element: <LogjustRoute /> },
                  { path: 'home', element: <MarketingRedirectRoute /> },
                  { path: '*', element: <NotFoundRoute /> },
                ],
              },
            ],
          },
          {
            // The signed-in area: the layout and every screen are loaded on demand.
            lazy: () => import('./routes/dashboard-layout-route'),
            children: [
              { path: 'dashboard', lazy: () => import('./routes/calculator-route') },
              { path: 'dashboard-method', lazy: () => import('./routes/method-route') },
              { path: 'dashboard-details', lazy: () => import('./routes/details-route') },
              { path: 'dashboard-confirmdetails', lazy: () => import('./routes/confirm-details-route') },
              { path: 'dashboard-choosecc', lazy: () => import('./routes/choose-cc-route') },
              { path: 'dashboard-startcc', lazy: () => import('./routes/start-cc-route') },
              { path: 'dashboard-viban', lazy: () => import('./routes/viban-route') },
              { path: 'dashboard-vibanDetails', lazy: () => import('./routes/viban-details-route') },
              { path: 'dashboard-returncc', lazy: () => import('./routes/return-cc-route') },
              { path: 'dashboard-thankyou', lazy: () => import('./routes/thank-you-route') },
              { path: 'dashboard-sorry', lazy: () => import('./routes/sorry-route') },
              { path: 'dashboard-choosebank', lazy: () => import('./routes/choose-bank-route') },
              { path: 'dashboard-banks', lazy: () => import('./routes/choose-bank-route') },
              { path: 'dashboard-wire', lazy: () => import('./routes/wire-route') },
              { path: 'dashboard-history', lazy: () => import('./routes/history-route') },
              { path: 'dashboard-authstart', lazy: () => import('./routes/auth-start-route') },
              { path: 'dashboard-hostedauth', lazy: () => import('./routes/hosted-auth-route') },
              { path: 'dashboard-returnauth', lazy: () => import('./routes/return-auth-route') },
              { path: 'dashboard-authend', lazy: () => import('./routes/auth-end-route') },
              { path: 'dashboard-uploaddocs', lazy: () => import('./routes/upload-docs-route') },
              { path: 'dashboard-sof', lazy: () => import('./routes/sof-route') },
              { path: 'dashboard-quest', lazy: () => import('./routes/quest-route') },
              { path: 'dashboard-checks', lazy: () => import('./routes/checks-route') },
              // Beyond the spec's table (it allows more routes): where a customer proves a wallet (decision 039).
              { path: 'dashboard-wallets', lazy: () => import('./routes/wallets-route') },
              // A completed order's printable receipt (decision 049).
              { path: 'dashboard-receipt', lazy: () => import('./routes/receipt-route') },
              // The customer agreement (decision 044).
              { path: 'dashboard-disclaimer', lazy: () => import('./routes/disclaimer-route') },
              { path: 'dashboard-agr', lazy: () => import('./routes/agr-route') },
              { path: 'dashboard-agr1', lazy: () => import('./routes/agr1-route') },
              { path: 'dashboard-returnagr', lazy: () => import('./routes/return-agr-route') },
              // The UK steps (decision 041); prwait, the cooling-off, follows the spec's pr… family.
              { path: 'dashboard-prk', lazy: () => import('./routes/prk-route') },
              { path: 'dashboard-prst', lazy: () => import('./routes/prst-route') },
              { path: 'dashboard-prquest', lazy: () => import('./routes/prquest-route') },
              { path: 'dashboard-prwait', lazy: () => import('./routes/prwait-route') },
              { path: 'dashAccount', lazy: () => import('./routes/account-route') },
              { path: 'dashSupport', lazy: () => import('./routes/support-route') },
              ...NOT_AVAILABLE_SCREENS.map((screen) => ({
                path: screen.path.slice(1),
                lazy: () => import('./routes/not-available-route'),
              })),
            ],
          },
        ],
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(appRoutes)
}

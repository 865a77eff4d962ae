import { createBrowserRouter, type RouteObject } from 'react-router'
import { BootLoader } from '../components/ui/boot-loader'
import { CodeEntryScreen } from '../features/auth/components/code-entry-screen'
import { LoginForm } from '../features/auth/components/login-form'
import { ResetPasswordScreen } from '../features/auth/components/reset-password-screen'
import { ResetSuccessScreen } from '../features/auth/components/reset-success-screen'
import { SignupForm } from '../features/auth/components/signup-form'
import { LogoutScreen } from '../features/session/components/logout-screen'
import { CardLayout } from './layouts/card-layout'
import { HomeLayout } from './layouts/home-layout'
import { PublicLayout } from './layouts/public-layout'
import { ThemedRoot } from './providers/themed-root'
import { LogjustRoute } from './routes/logjust-route'
import { MarketingRedirectRoute } from './routes/marketing-redirect-route'
import { NotFoundRoute } from './routes/not-found-route'
import { RouteError } from './routes/route-error'

/** The route table of spec section 2 (account part). Plain paths, no parameters. */
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
          { path: 'dashboard', lazy: () => import('./routes/dashboard-route') },
        ],
      },
    ],
  },
]

export function createAppRouter() {
  return createBrowserRouter(appRoutes)
}

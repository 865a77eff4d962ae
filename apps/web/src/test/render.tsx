import type { GrossData } from '@exchange/shared/accounts.schemas'
import { DEFAULT_BRAND, type BrandConfig } from '@exchange/shared/brand.schemas'
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render } from '@testing-library/react'
import { useLayoutEffect, type ReactElement } from 'react'
import {
  createMemoryRouter,
  MemoryRouter,
  RouterProvider,
  useLocation,
  useNavigate,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from 'react-router'
import { AppRoutes } from '../app/router'
import { BrandProvider } from '../lib/brand-context'
import { CustomerProvider } from '../lib/customer-context'
import { PerLanguage } from '../lib/i18n/per-language'

const DESTINATIONS = [
  '/',
  '/login',
  '/signup',
  '/code',
  '/resetpass',
  '/redirect',
  '/dashboard',
  '/logout',
  '/dashboard-method',
  '/dashboard-details',
  '/dashboard-confirmdetails',
  '/dashboard-viban',
  '/dashboard-choosecc',
  '/dashboard-choosebank',
  '/dashboard-wire',
  '/dashboard-startcc',
  '/dashboard-vibanDetails',
  '/dashboard-returncc',
  '/dashboard-thankyou',
  '/dashboard-sorry',
  '/dashboard-history',
  '/dashboard-authstart',
  '/dashboard-hostedauth',
  '/dashboard-returnauth',
  '/dashboard-authend',
  '/dashboard-uploaddocs',
  '/dashboard-sof',
  '/dashboard-quest',
  '/dashboard-checks',
  '/dashboard-wallets',
  '/dashboard-prk',
  '/dashboard-prst',
  '/dashboard-prquest',
  '/dashboard-prwait',
  '/dashAccount',
  '/dashSupport',
  '/land',
  '/dashboard-otp0',
  '/dashboard-otp1',
  '/dashboard-otp2',
  '/dashboard-otp3',
  '/dashboard-otp4',
  '/dashboard-otp5',
]

interface RenderScreenOptions {
  /** The route path the screen is mounted at. */
  path?: string
  /** The address the test starts at, when it differs from `path` (query strings). */
  url?: string
  /** Navigation state of the first address, as a screen that navigated here left it. */
  state?: unknown
  brand?: BrandConfig
  /** The signed-in customer (getGross' data) that the dashboard layout provides to its screens. */
  customer?: GrossData
}

/**
 * Renders one screen inside the app's providers, with a placeholder page at every other route so a
 * test can see where the screen sent the visitor (`router.state.location.pathname`).
 */
export function renderScreen(element: ReactElement, options: RenderScreenOptions = {}) {
  const path = options.path ?? '/'
  const brand = options.brand ?? DEFAULT_BRAND
  const screen = options.customer ? <CustomerProvider customer={options.customer}>{element}</CustomerProvider> : element
  const routes: RouteObject[] = [
    { path, element: screen },
    ...DESTINATIONS.filter((destination) => destination !== path).map((destination) => ({
      path: destination,
      element: <p>Page {destination}</p>,
    })),
  ]
  const router = createMemoryRouter(routes, {
    initialEntries: [
      options.state === undefined ? (options.url ?? path) : { pathname: options.url ?? path, state: options.state },
    ],
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const view = render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <BrandProvider brand={brand}>
          <RouterProvider router={router} />
        </BrandProvider>
      </QueryClientProvider>
    </MantineProvider>,
  )
  return { ...view, router, queryClient }
}

export const testBrand = DEFAULT_BRAND

/** Where the app is, kept up to date as it navigates, and a way to go elsewhere: as a data router's would. */
interface RouterView {
  state: { location: Location }
  navigate: (to: string) => Promise<void>
}

function LocationProbe({ onChange }: { onChange: (location: Location, navigate: NavigateFunction) => void }) {
  const location = useLocation()
  const navigate = useNavigate()
  // At commit, with the screen it shows: a test that sees the screen sees its address.
  useLayoutEffect(() => onChange(location, navigate), [onChange, location, navigate])
  return null
}

/** The app's whole route table at an address, as the app renders it once the brand is known. */
export function renderApp(url: string, brand: BrandConfig = DEFAULT_BRAND) {
  let navigateTo: NavigateFunction | null = null
  const router: RouterView = {
    state: { location: { pathname: url, search: '', hash: '', state: null, key: 'default' } },
    navigate: async (to) => {
      await act(async () => {
        await navigateTo?.(to)
      })
    },
  }
  const follow = (location: Location, navigate: NavigateFunction) => {
    router.state.location = location
    navigateTo = navigate
  }
  const view = render(
    <BrandProvider brand={brand}>
      <PerLanguage>
        <MemoryRouter initialEntries={[url]}>
          <LocationProbe onChange={follow} />
          <AppRoutes />
        </MemoryRouter>
      </PerLanguage>
    </BrandProvider>,
  )
  return { ...view, router }
}

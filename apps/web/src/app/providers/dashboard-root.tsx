import * as WEB_PATHS from '@exchange/shared/web-paths'
import './mantine-styles'
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useDeferredValue, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { ratesQueryOptions } from '../../features/buy/api/get-hp-rates'
import { walletsQueryOptions } from '../../features/wallets/api/list-wallets'
import { useBrand } from '../../lib/brand-context'
import { useJwtToken } from '../../lib/use-jwt-token'
import { updateSessionState } from '../../lib/session-state'
import { cssVariablesResolver, dashboardTheme } from '../theme'

/**
 * The cache. On /dashboard it asks at once for what the calculator reads (the answers were sent for before these
 * modules arrived, decision 060; the router's `calls` of /dashboard name the same calls, and a test holds the two
 * together), so the calculator, mounted a moment later, renders once with them instead of once empty and again as
 * each answer comes. The layout asks for the account and the checks itself, in its first render. How long an answer
 * serves the screens mounting after it is each query's own (`staleTime` in its options).
 */
export function createQueryClient(brandName: string, firstPath: string) {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: false },
    },
  })
  if (firstPath.toLowerCase() === WEB_PATHS.dashboard) {
    void queryClient.prefetchQuery(ratesQueryOptions(brandName))
    void queryClient.prefetchQuery(walletsQueryOptions(brandName))
  }
  return queryClient
}

/**
 * The cache of the signed-in visit, by its session: a first render React discards before showing it (a module still
 * loading, a render interrupted) is tried again with the same cache, instead of a new one asking for everything again.
 * It is forgotten when the signed-in area goes; another session never gets it.
 */
let visit: { token: string | null; client: QueryClient } | undefined

function visitCache(token: string | null, create: () => QueryClient): QueryClient {
  if (!visit || visit.token !== token) visit = { token, client: create() }
  return visit.client
}

function forgetVisitCache(client: QueryClient) {
  if (visit?.client === client) visit = undefined
}

/**
 * What only the signed-in area needs, loaded with it (decision 051): Mantine in the brand's dark dashboard theme, its
 * notices and the query cache. The cache lives as long as the signed-in layout, so leaving it (logging out) drops all
 * that was cached about the customer.
 */
export function DashboardRoot({ children }: { children: ReactNode }) {
  const brand = useBrand()
  const { pathname } = useLocation()
  const theme = useMemo(() => dashboardTheme(brand), [brand])
  const token = useJwtToken()
  const [queryClient] = useState(() => visitCache(token, () => createQueryClient(brand.brandName, pathname)))
  useEffect(() => () => forgetVisitCache(queryClient), [queryClient])

  useEffect(() => {
    updateSessionState({ lastScreen: pathname })
  }, [pathname])

  // The notices' container (six positions, each a transition group) comes in a render of its own after the layout's
  // first: nothing is noticed before the customer acts, and a notice shown earlier waits in Mantine's store.
  const noticesShown = useDeferredValue(true, false)

  // Mantine marks the page dark for the dashboard; the public pages after it (logging out) are light again. A layout
  // effect, so a screen that is hidden while the next one loads, then shown, marks it again.
  const scheme = brand.dashboardTheme.colorScheme
  useLayoutEffect(() => {
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme)
    return () => document.documentElement.removeAttribute('data-mantine-color-scheme')
  }, [scheme])

  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme={scheme}>
        {/* At the bottom, so a notice never covers the UK risk warning at the top. */}
        {noticesShown ? <Notifications position="bottom-center" zIndex={400} /> : null}
        {children}
      </MantineProvider>
    </QueryClientProvider>
  )
}

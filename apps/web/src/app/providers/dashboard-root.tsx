import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { useBrand } from '../../lib/brand-context'
import { updateSessionState } from '../../lib/session-state'
import { cssVariablesResolver, dashboardTheme } from '../theme'

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: false },
    },
  })
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
  const [queryClient] = useState(createQueryClient)

  useEffect(() => {
    updateSessionState({ lastScreen: pathname })
  }, [pathname])

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
        <Notifications position="bottom-center" zIndex={400} />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  )
}

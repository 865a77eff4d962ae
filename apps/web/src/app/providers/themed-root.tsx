import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { useEffect, useMemo } from 'react'
import { Outlet, ScrollRestoration, useLocation } from 'react-router'
import { useBrand } from '../../lib/brand-context'
import { updateSessionState } from '../../lib/session-state'
import { cssVariablesResolver, dashboardTheme, publicTheme } from '../theme'

const SIGNED_IN_PAGES = new Set(['/dashboard', '/dashaccount', '/dashsupport', '/land'])

/** The signed-in pages, which use the dark dashboard theme (paths match without regard to case, as routes do). */
export function isDashboardPath(pathname: string): boolean {
  const path = pathname.toLowerCase()
  return SIGNED_IN_PAGES.has(path) || path.startsWith('/dashboard-')
}

/**
 * The one MantineProvider of the app. Mantine supports a single provider, so the signed-in area gets
 * its own dark theme by switching this one on the route rather than by nesting a second provider.
 */
export function ThemedRoot() {
  const brand = useBrand()
  const { pathname } = useLocation()
  const inDashboard = isDashboardPath(pathname)
  const theme = useMemo(() => (inDashboard ? dashboardTheme(brand) : publicTheme(brand)), [brand, inDashboard])

  useEffect(() => {
    document.title = `${brand.brandName} – ${brand.tagline}`
  }, [brand])

  useEffect(() => {
    if (inDashboard) updateSessionState({ lastScreen: pathname })
  }, [inDashboard, pathname])

  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme={inDashboard ? brand.dashboardTheme.colorScheme : 'light'}
    >
      {/* At the bottom, so a notice never covers the UK risk warning at the top. */}
      <Notifications position="bottom-center" zIndex={400} />
      <ScrollRestoration />
      <Outlet />
    </MantineProvider>
  )
}

import * as WEB_PATHS from '@exchange/shared/web-paths'
import { Navigate, useLocation } from 'react-router'
import { rememberAfterLogin } from '../../lib/after-login'
import { useJwtToken } from '../../lib/use-jwt-token'
import { DashboardLayout } from '../layouts/dashboard-layout'
import { DashboardRoot } from '../providers/dashboard-root'

/**
 * Every signed-in screen, loaded on demand: only with a session token, otherwise the login form, which then comes back
 * to the page asked for (an e-mail's link to a step of an order).
 */
export function Component() {
  const token = useJwtToken()
  const location = useLocation()
  if (!token) {
    rememberAfterLogin(`${location.pathname}${location.search}`)
    return <Navigate to={WEB_PATHS.login} replace />
  }
  return (
    <DashboardRoot>
      <DashboardLayout />
    </DashboardRoot>
  )
}

// The partner mode's layout (decision 116) loads the signed-in root and content from here, on demand, so that they
// stay in this route's chunk rather than in one of their own that /dashboard would load as well.
export { DashboardRoot }
export { DashboardContent } from '../layouts/dashboard-layout'

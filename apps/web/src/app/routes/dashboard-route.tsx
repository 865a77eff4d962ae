import { Navigate } from 'react-router'
import { DashboardShell } from '../../features/dashboard/components/dashboard-shell'
import { useJwtToken } from '../../lib/use-jwt-token'

/** /dashboard, loaded on demand: only with a session token, otherwise the login form. */
export function Component() {
  const token = useJwtToken()
  if (!token) return <Navigate to="/login" replace />
  return <DashboardShell />
}

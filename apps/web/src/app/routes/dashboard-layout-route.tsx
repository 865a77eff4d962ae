import { Navigate } from 'react-router'
import { useJwtToken } from '../../lib/use-jwt-token'
import { DashboardLayout } from '../layouts/dashboard-layout'

/** Every signed-in screen, loaded on demand: only with a session token, otherwise the login form. */
export function Component() {
  const token = useJwtToken()
  if (!token) return <Navigate to="/login" replace />
  return <DashboardLayout />
}

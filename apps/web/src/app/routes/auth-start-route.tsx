import { AuthStartScreen } from '../../features/identity/components/auth-start-screen'

/** /dashboard-authstart: what the identity check needs and why. */
export function Component() {
  return <AuthStartScreen />
}

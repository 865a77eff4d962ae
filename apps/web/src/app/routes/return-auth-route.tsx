import { ReturnAuthScreen } from '../../features/identity/components/return-auth-screen'

/** /dashboard-returnauth: where the identity partner sends the browser back. */
export function Component() {
  return <ReturnAuthScreen />
}

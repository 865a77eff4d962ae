import { AuthEndScreen } from '../../features/identity/components/auth-end-screen'

/** /dashboard-authend: the result of the identity check and the next step. */
export function Component() {
  return <AuthEndScreen />
}

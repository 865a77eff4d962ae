import { HostedAuthScreen } from '../../features/identity/components/hosted-auth-screen'

/** /dashboard-hostedauth: off to the identity partner's hosted page. */
export function Component() {
  return <HostedAuthScreen />
}

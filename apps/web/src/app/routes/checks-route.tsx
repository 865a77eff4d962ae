import { ChecksScreen } from '../../features/journey/components/checks-screen'

/** /dashboard-checks: the checks still owed, the menu's "Your checks" (decision 038). */
export function Component() {
  return <ChecksScreen />
}

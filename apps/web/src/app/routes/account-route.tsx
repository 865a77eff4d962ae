import { AccountOverview } from '../../features/client-details/components/account-overview'

/** /dashAccount. */
export function Component() {
  return <AccountOverview />
}

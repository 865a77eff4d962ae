import { ConfirmDetailsScreen } from '../../features/client-details/components/confirm-details-screen'

/** /dashboard-confirmdetails: once saved, the flow goes on to the virtual IBAN step. */
export function Component() {
  return <ConfirmDetailsScreen nextPath="/dashboard-viban" />
}

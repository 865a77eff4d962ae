import { WireScreen } from '../../features/orders/components/wire-screen'

/** /dashboard-wire: pay-by-bank or a manual transfer from the chosen bank. */
export function Component() {
  return <WireScreen basePath="/dashboard" />
}

import { SorryScreen } from '../../features/orders/components/sorry-screen'

/** /dashboard-sorry. */
export function Component() {
  return <SorryScreen />
}

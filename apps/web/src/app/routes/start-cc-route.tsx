import { StartCardScreen } from '../../features/orders/components/start-card-screen'

/** /dashboard-startcc. */
export function Component() {
  return <StartCardScreen basePath="/dashboard" />
}

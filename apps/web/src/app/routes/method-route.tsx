import { MethodScreen } from '../../features/orders/components/method-screen'

/** /dashboard-method: the order flow under the dashboard's base path. */
export function Component() {
  return <MethodScreen basePath="/dashboard" />
}

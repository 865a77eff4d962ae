import { useLocation } from 'react-router'
import { NotAvailableScreen } from '../../features/dashboard/components/not-available-screen'
import { notAvailableScreenAt } from '../dashboard-screens'

/** Every dashboard screen of spec section 2 that is not built yet (see NOT_AVAILABLE_SCREENS). */
export function Component() {
  const { pathname } = useLocation()
  return <NotAvailableScreen title={notAvailableScreenAt(pathname)?.title ?? 'This page'} />
}

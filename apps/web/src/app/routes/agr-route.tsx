import { AgreementScreen } from '../../features/agreement/components/agreement-screens'

/** /dashboard-agr: the full customer agreement. */
export function Component() {
  return <AgreementScreen />
}

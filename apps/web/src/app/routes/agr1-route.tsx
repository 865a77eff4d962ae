import { ConfirmAgreementScreen } from '../../features/agreement/components/agreement-screens'

/** /dashboard-agr1: the confirmation, then the e-signature partner's signing page. */
export function Component() {
  return <ConfirmAgreementScreen />
}

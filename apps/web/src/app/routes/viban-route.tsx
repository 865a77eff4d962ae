import { VibanScreen } from '../../features/orders/components/viban-screen'

/** /dashboard-viban: card or a transfer to the customer's virtual IBAN. */
export function Component() {
  return <VibanScreen basePath="/dashboard" />
}

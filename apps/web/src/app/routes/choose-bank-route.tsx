import { ChooseOptionScreen } from '../../features/orders/components/choose-option-screen'

/** /dashboard-choosebank and /dashboard-banks: several banks; the chosen one pays at /dashboard-wire. */
export function Component() {
  return <ChooseOptionScreen group="banks" />
}

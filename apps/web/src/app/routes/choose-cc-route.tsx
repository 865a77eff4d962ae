import { ChooseOptionScreen } from '../../features/orders/components/choose-option-screen'

/** /dashboard-choosecc: several card providers; the chosen one pays at /dashboard-startcc. */
export function Component() {
  return <ChooseOptionScreen group="psps" />
}

import { Stack } from '@mantine/core'
import { BuySteps } from '../../components/ui/buy-steps'
import { usePayoutHolds } from '../../features/buy/api/get-payout-holds'
import { BuyCalculator, type BuyCalculatorProps } from '../../features/buy/components/buy-calculator'
import { CustomerGreeting } from '../../features/dashboard/components/customer-greeting'
import { ChecksPanel } from '../../features/journey/components/checks-panel'
import { useIdentityRejected } from '../../features/journey/components/identity-rejected-notice'
import { StepDoneNotice } from '../../features/journey/components/step-notices'
import { useJourneyNavigation } from '../../features/journey/use-journey-navigation'
import { OpenOrderCard } from '../../features/orders/components/open-order-card'
import { useWallets } from '../../features/wallets/api/list-wallets'
import { useBrand } from '../../lib/brand-context'

/**
 * /dashboard: the greeting, the checks the customer still owes (nothing when none), the order in progress (nothing when
 * none, decision 047), and the buy calculator. An order
 * refused for a step leads to that step's screen and back here, with the order as it was typed (decision 038). A
 * customer whose identity check was refused for good sees only what that means (decision 088).
 */
/**
 * An order another screen sets in the calculator: the partner mode's `/mp-checkout` (decision 116) renders this screen
 * itself with these props, so that nothing of it is loaded twice or bundled apart; /dashboard passes none.
 */
export type CalculatorPreset = Pick<BuyCalculatorProps, 'preset' | 'lockedNote' | 'refusalCopy'>

export function Component(preset: CalculatorPreset) {
  const { routeToStep } = useJourneyNavigation()
  const brand = useBrand()
  const wallets = useWallets(brand.brandName)
  const savedWallets = wallets.data && wallets.data.result ? wallets.data.data : []
  const holds = usePayoutHolds(brand.brandName)
  const payoutHolds = holds.data && holds.data.result ? holds.data.data : undefined
  const identityRejected = useIdentityRejected()
  // After a final identity refusal nothing can be bought: the page says why and offers no order to start or pay.
  if (identityRejected) {
    return (
      <Stack gap="lg" maw={1100}>
        <CustomerGreeting />
        <ChecksPanel />
      </Stack>
    )
  }
  return (
    <Stack gap="lg" maw={1100}>
      <CustomerGreeting />
      <StepDoneNotice />
      <ChecksPanel compactOnPhones />
      <OpenOrderCard />
      <BuySteps current="amount" />
      <BuyCalculator onStepRequired={routeToStep} savedWallets={savedWallets} payoutHolds={payoutHolds} {...preset} />
    </Stack>
  )
}

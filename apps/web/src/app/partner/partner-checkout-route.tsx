import type { PartnerPrefill } from '@exchange/shared/partner.schemas'
import { Stack } from '@mantine/core'
import { BuySteps } from '../../components/ui/buy-steps'
import { BuyCalculator } from '../../features/buy/components/buy-calculator'
import type { OrderValues } from '../../features/buy/components/buy-order'
import { ChecksPanel } from '../../features/journey/components/checks-panel'
import { StepDoneNotice } from '../../features/journey/components/step-notices'
import { useJourneyNavigation } from '../../features/journey/use-journey-navigation'
import { OpenOrderCard } from '../../features/orders/components/open-order-card'
import { useWallets } from '../../features/wallets/api/list-wallets'
import { useBrand } from '../../lib/brand-context'
import { partnerNameOf } from '../../lib/partner-visit'
import { usePartnerSession } from './partner-session'

/** The calculator's values the partner set: each part it left out stays the customer's to choose. */
function presetOf(prefill: PartnerPrefill): Partial<OrderValues> {
  const preset: Partial<OrderValues> = {}
  if (prefill.fiat) preset.fiat = prefill.fiat
  if (prefill.crypto) preset.crypto = prefill.crypto
  if (prefill.fiatAmount) Object.assign(preset, { side: 'fiat', fiatText: prefill.fiatAmount })
  else if (prefill.cryptoAmount) Object.assign(preset, { side: 'crypto', cryptoText: prefill.cryptoAmount })
  if (prefill.wallet) preset.wallet = prefill.wallet
  return preset
}

/**
 * `/mp-checkout`: the calculator with the partner's order in it; what the partner locked is shown and cannot be
 * changed (the api refuses a change too, `field_locked`). The order then goes the usual way: a step owed, the method,
 * the payment, each on its /mp- twin.
 */
export function Component() {
  const { routeToStep } = useJourneyNavigation()
  const brand = useBrand()
  const session = usePartnerSession()
  const name = partnerNameOf(session.partner)
  const preset = presetOf(session.prefill)
  const walletLocked = session.locked && preset.wallet !== undefined
  const wallets = useWallets(brand.brandName)
  const savedWallets = wallets.data && wallets.data.result && !walletLocked ? wallets.data.data : []
  const lockedNote =
    session.locked && Object.keys(preset).length > 0
      ? `${name} set this order: the fields it filled in cannot be changed here.`
      : undefined
  return (
    <Stack gap="lg">
      <StepDoneNotice />
      <ChecksPanel compactOnPhones />
      <OpenOrderCard />
      <BuySteps current="amount" />
      <BuyCalculator
        onStepRequired={routeToStep}
        savedWallets={savedWallets}
        preset={preset}
        lockedNote={lockedNote}
        refusalCopy={{
          field_locked: `${name} set this order and it cannot be changed here. Go back to ${name} to change it.`,
        }}
      />
    </Stack>
  )
}

import { payoutHoldWords } from '@exchange/shared/payout-hold'
import { MantineProvider } from '@mantine/core'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { switchLanguage } from '../../lib/i18n/language'
import { PartnerRefusalScreen } from '../account/partner-refusal'
import { BuySteps } from './buy-steps'
import { payoutHoldText } from './payout-hold-notice'
import englishSource from '../locales/en.json?raw'

/** Every change the catalog names, and one it does not. */
const REASONS = [
  ...Object.keys(JSON.parse(englishSource) as Record<string, string>)
    .filter((key) => key.startsWith('ui.hold.change.') && key !== 'ui.hold.change.other')
    .map((key) => key.slice('ui.hold.change.'.length)),
  'something_new',
]

describe('the shared components in German', () => {
  it('name the purchase steps in German', async () => {
    await switchLanguage('de')
    render(
      <MantineProvider>
        <BuySteps current="method" />
      </MantineProvider>,
    )
    const nav = screen.getByRole('navigation', { name: 'Schritte Ihres Kaufs' })
    const steps = within(nav).getAllByRole('listitem')
    expect(steps.map((step) => step.textContent)).toEqual(['✓Betrag (erledigt)', '2Methode', '3Angaben', '4Zahlen'])
  })

  it('say a refused partner link in German', async () => {
    await switchLanguage('de')
    render(<PartnerRefusalScreen refusal="mp_link_expired" />)
    expect(screen.getByRole('heading', { name: 'Dieser Link ist abgelaufen' })).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('fordern Sie dort einen neuen Link an.')
  })

  it('say why a payout waits as the shared words do, in English, and translated in German', async () => {
    for (const reason of REASONS)
      expect(payoutHoldText(reason, '2 Jan 2025, 10:00')).toBe(payoutHoldWords(reason, '2 Jan 2025, 10:00'))
    await switchLanguage('de')
    expect(payoutHoldText('passkey_added', '2.1.2025, 10:00')).toBe(
      'Weil ein Passkey hinzugefügt wurde, wartet eine Auszahlung an eine Wallet, an die wir Ihre Coins noch nie gesendet haben, zu Ihrer Sicherheit 24 Stunden: An diese Wallet werden Ihre Coins nach 2.1.2025, 10:00 gesendet.',
    )
  })
})

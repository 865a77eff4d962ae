import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { formatDateTime } from '../../../lib/format'
import { ratesAnswer } from '../../../test/fixtures'
import { mockApi } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { BuyCalculator } from './buy-calculator'

const PAID_BEFORE = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'
const NEW_WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const HOUR = 3_600_000

/** The calculator of a customer whose password was changed an hour ago and who was paid out to PAID_BEFORE once. */
function renderAfterChange() {
  saveJwtCookie('token-1', 24)
  mockApi({ getHpRates: ratesAnswer() })
  const changedAt = new Date(Date.now() - HOUR)
  const holds = {
    changes: [{ type: 'password_changed', at: changedAt.toISOString() }],
    paidWallets: [{ crypto: 'btc', address: PAID_BEFORE.toLowerCase(), firstPaidAt: '2026-01-01T00:00:00.000Z' }],
  }
  renderScreen(<BuyCalculator payoutHolds={holds} />, { path: '/dashboard' })
  return new Date(changedAt.getTime() + 24 * HOUR).toISOString()
}

async function typeWallet(address: string) {
  const user = userEvent.setup()
  const field = await screen.findByRole('textbox', { name: 'Wallet address' })
  await user.clear(field)
  await user.type(field, address)
}

describe('the calculator after a security change (decision 126)', () => {
  it('says before the order starts when coins to a new wallet go out, and why, in the customer’s time', async () => {
    const until = renderAfterChange()
    await typeWallet(NEW_WALLET)
    const notice = await screen.findByRole('alert', { name: /Your coins go out after a safety wait/ })
    expect(notice).toHaveTextContent(
      `Because your password was changed, a payout to a wallet we have not sent your coins to before waits 24 hours, for your safety: to this wallet, your coins go out after ${formatDateTime(until)}.`,
    )
  })

  it('says nothing of a wait for a wallet paid out to before the change', async () => {
    renderAfterChange()
    await typeWallet(PAID_BEFORE)
    expect(screen.queryByText(/safety wait/)).not.toBeInTheDocument()
  })
})

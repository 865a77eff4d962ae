import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { forgetWalletAddressCheck } from '../../../lib/wallet-address-check'
import { ratesAnswer } from '../../../test/fixtures'
import { mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { BuyCalculator } from './buy-calculator'

/**
 * The networks' address checks arrive after the calculator (decision 119): this file holds their download back until
 * a test lets it go, to show what the customer sees before and after, and that no order leaves unchecked.
 */
const download = vi.hoisted(() => {
  let arrive: () => void = () => undefined
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  return { arrived, arrive: () => arrive() }
})
vi.mock('@exchange/shared/wallet-addresses', async (importOriginal) => {
  await download.arrived
  return importOriginal()
})

const MISTYPED_BTC_WALLET = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'

describe('BuyCalculator before the address checks arrive', () => {
  // A file before this one in the worker may have loaded the checks already.
  beforeAll(forgetWalletAddressCheck)
  afterAll(forgetWalletAddressCheck)

  it('waits for them when the order is started, then shows the message and sends nothing', async () => {
    saveJwtCookie('token-1', 24)
    const api = mockApi({ getHpRates: ratesAnswer(), orderInitiateBuy: ok({}) })
    renderScreen(<BuyCalculator />, { path: '/dashboard' })
    const user = userEvent.setup()
    await screen.findByText('1 BTC = 91,350.00 EUR')

    await user.type(screen.getByRole('textbox', { name: 'Wallet address' }), MISTYPED_BTC_WALLET)
    // Not judged yet: no message, and the order is not sent while the checks are on their way.
    expect(screen.queryByText('Please enter a valid BTC wallet address')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Buy BTC' }))
    expect(api.callsTo('orderInitiateBuy')).toHaveLength(0)

    download.arrive()
    expect(await screen.findByText('Please enter a valid BTC wallet address')).toBeInTheDocument()
    expect(api.callsTo('orderInitiateBuy')).toHaveLength(0)
  })
})

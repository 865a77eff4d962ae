import { walletAddressMessage } from '@exchange/shared/wallets'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { switchLanguage } from '../../../lib/i18n/language'
import { mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import { addressInvalid } from './prove-wallet-form'
import { WalletsScreen } from './wallets-screen'

describe('the wallets screen in German', () => {
  it('names the saved wallets and the proof steps in German', async () => {
    await switchLanguage('de')
    const user = userEvent.setup()
    saveJwtCookie('token-1', 24)
    mockApi({
      walletList: ok({
        data: [
          {
            crypto: 'xrp',
            address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
            method: 'declaration',
            walletProvider: 'Ledger Nano X',
            accountHolder: null,
            createdAt: '2025-01-02T10:00:00.000Z',
          },
        ],
      }),
    })
    renderScreen(<WalletsScreen order={null} onProven={async () => null} />, { path: '/dashboard-wallets' })
    expect(screen.getByRole('heading', { name: 'Ihre Wallets' })).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Gespeicherte Wallets' })
    expect(within(list).getByText(/Erklärt · Ledger Nano X/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Weiter' }))
    expect(screen.getByText('Bitte geben Sie die Wallet-Adresse ein')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'In meiner eigenen Wallet-App oder auf meinem Gerät' })).toBeChecked()
  })

  it('says an invalid address as the shared rule does, in English', () => {
    expect(addressInvalid('eth')).toBe(walletAddressMessage('eth'))
  })
})

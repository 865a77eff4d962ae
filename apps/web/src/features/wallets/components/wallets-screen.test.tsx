import type { ProvenWallet } from '@exchange/shared/wallet-proofs.schemas'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { saveJwtCookie } from '../../../lib/cookies'
import { type ApiHandlers, fail, mockApi, ok } from '../../../test/mock-api'
import { renderScreen } from '../../../test/render'
import type { WalletForOrder } from './prove-wallet-form'
import { WalletsScreen } from './wallets-screen'

const EVM_ADDRESS = '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23'
const XRP_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'
const CHALLENGE_ID = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b'
const MESSAGE = [
  'Helvex: wallet ownership',
  '',
  'I confirm that I control this wallet and ask Helvex to deliver the crypto I buy to it.',
  '',
  'Network: ETH',
  `Wallet: ${EVM_ADDRESS}`,
  'Nonce: 0123456789abcdef0123456789abcdef',
].join('\n')
const SIGNATURE = `0x${'ab'.repeat(64)}1b`

const saved = (overrides: Partial<ProvenWallet> = {}): ProvenWallet => ({
  crypto: 'eth',
  address: EVM_ADDRESS.toLowerCase(),
  method: 'signed_message',
  walletProvider: null,
  accountHolder: null,
  createdAt: '2025-01-02T10:00:00.000Z',
  ...overrides,
})

function renderWallets(
  handlers: ApiHandlers,
  options: { order?: WalletForOrder | null; onProven?: (wallet: ProvenWallet) => Promise<string | null> } = {},
) {
  saveJwtCookie('token-1', 24)
  const api = mockApi({ walletList: ok({ data: [] }), ...handlers })
  const onProven = vi.fn(options.onProven ?? (async () => null))
  renderScreen(<WalletsScreen order={options.order ?? null} onProven={onProven} />, { path: '/dashboard-wallets' })
  return { api, onProven }
}

async function askForMessage(user: ReturnType<typeof userEvent.setup>, coin: string, address: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Coin' }), coin)
  await user.type(screen.getByRole('textbox', { name: 'Wallet address' }), address)
  await user.click(screen.getByRole('button', { name: 'Continue' }))
}

describe('wallet screen', () => {
  it('lists the saved wallets with how each was proven', async () => {
    renderWallets({
      walletList: ok({
        data: [
          saved(),
          saved({ crypto: 'xrp', address: XRP_ADDRESS, method: 'declaration', walletProvider: 'Ledger Nano X' }),
        ],
      }),
    })
    const list = await screen.findByRole('list', { name: 'Saved wallets' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(within(list).getByRole('listitem', { name: `ETH ${EVM_ADDRESS.toLowerCase()}` })).toHaveTextContent(
      'Proven by signed message',
    )
    expect(within(list).getByRole('listitem', { name: `XRP ${XRP_ADDRESS}` })).toHaveTextContent(
      'Declared · Ledger Nano X',
    )
  })

  it('says so when no wallet is saved yet', async () => {
    renderWallets({})
    expect(await screen.findByText(/No saved wallets yet/)).toBeInTheDocument()
  })

  it('checks the address as the calculator does and asks for no message when it is wrong', async () => {
    const user = userEvent.setup()
    const { api } = renderWallets({})
    await askForMessage(user, 'eth', '0x1234')
    expect(await screen.findByText('Please enter a valid ETH wallet address')).toBeInTheDocument()
    expect(api.callsTo('walletChallenge')).toHaveLength(0)
  })

  it('shows the exact message to sign with a copy button, and refuses a wrong signature in plain words', async () => {
    const user = userEvent.setup()
    const { api, onProven } = renderWallets({
      walletChallenge: ok({
        data: {
          challengeId: CHALLENGE_ID,
          method: 'signed_message',
          message: MESSAGE,
          expiresAt: '2025-01-02T10:15:00Z',
        },
      }),
      walletProve: fail('wallet_signature_invalid'),
    })
    await askForMessage(user, 'eth', EVM_ADDRESS)
    expect(api.callsTo('walletChallenge')[0]?.body).toEqual({
      brandName: 'Helvex',
      wallet: { crypto: 'eth', address: EVM_ADDRESS },
    })
    const message = await screen.findByLabelText('Message to sign')
    expect(message.textContent).toBe(MESSAGE)
    expect(screen.getByRole('button', { name: 'Copy message' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /^MetaMask/ })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Prove wallet' }))
    expect(await screen.findByText('Please paste the signature your wallet made')).toBeInTheDocument()
    expect(api.callsTo('walletProve')).toHaveLength(0)

    await user.type(screen.getByRole('textbox', { name: 'Signature' }), SIGNATURE)
    await user.click(screen.getByRole('button', { name: 'Prove wallet' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `This signature does not match the message and the wallet ${EVM_ADDRESS}.`,
    )
    expect(api.callsTo('walletProve')[0]?.body).toEqual({
      brandName: 'Helvex',
      challengeId: CHALLENGE_ID,
      signature: SIGNATURE,
    })
    expect(onProven).not.toHaveBeenCalled()
  })

  it('saves a wallet whose signature matches and lists it', async () => {
    const user = userEvent.setup()
    let listed = 0
    const { onProven } = renderWallets({
      walletList: () => ok({ data: listed++ === 0 ? [] : [saved()] }),
      walletChallenge: ok({
        data: {
          challengeId: CHALLENGE_ID,
          method: 'signed_message',
          message: MESSAGE,
          expiresAt: '2025-01-02T10:15:00Z',
        },
      }),
      walletProve: ok({ data: saved() }),
    })
    await screen.findByText(/No saved wallets yet/)
    await askForMessage(user, 'eth', EVM_ADDRESS)
    await user.type(await screen.findByRole('textbox', { name: 'Signature' }), SIGNATURE)
    await user.click(screen.getByRole('button', { name: 'Prove wallet' }))
    expect(await screen.findByRole('listitem', { name: `ETH ${EVM_ADDRESS.toLowerCase()}` })).toBeInTheDocument()
    expect(onProven).toHaveBeenCalledWith(saved())
    expect(screen.getByRole('textbox', { name: 'Wallet address' })).toHaveValue('')
  })

  it('offers a new message when the one shown ran out', async () => {
    const user = userEvent.setup()
    const { api } = renderWallets({
      walletChallenge: ok({
        data: {
          challengeId: CHALLENGE_ID,
          method: 'signed_message',
          message: MESSAGE,
          expiresAt: '2025-01-02T10:15:00Z',
        },
      }),
      walletProve: fail('wallet_challenge_invalid'),
    })
    await askForMessage(user, 'eth', EVM_ADDRESS)
    await user.type(await screen.findByRole('textbox', { name: 'Signature' }), SIGNATURE)
    await user.click(screen.getByRole('button', { name: 'Prove wallet' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This signing request has expired or was already used.')
    await user.click(screen.getByRole('button', { name: 'Get a new message' }))
    expect(api.callsTo('walletChallenge')).toHaveLength(2)
  })

  it('asks a declaration naming the wallet provider on networks without a checked signature', async () => {
    const user = userEvent.setup()
    const declaration = `Helvex: wallet ownership\n\nI declare that I alone control this wallet.\n\nWallet: ${XRP_ADDRESS}`
    const { api, onProven } = renderWallets({
      walletChallenge: ok({
        data: {
          challengeId: CHALLENGE_ID,
          method: 'declaration',
          message: declaration,
          expiresAt: '2025-01-02T10:15:00Z',
        },
      }),
      walletDeclare: ok({
        data: saved({ crypto: 'xrp', address: XRP_ADDRESS, method: 'declaration', walletProvider: 'Xaman' }),
      }),
    })
    await askForMessage(user, 'xrp', XRP_ADDRESS)
    expect((await screen.findByLabelText('Declaration')).textContent).toBe(declaration)
    expect(screen.queryByRole('textbox', { name: 'Signature' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Declare wallet' }))
    expect(await screen.findByText('Please name the wallet app or provider that holds this wallet')).toBeInTheDocument()
    expect(screen.getByText('Please confirm the declaration')).toBeInTheDocument()
    expect(api.callsTo('walletDeclare')).toHaveLength(0)

    await user.type(screen.getByRole('textbox', { name: 'Wallet app or provider' }), 'Xaman')
    await user.click(screen.getByRole('checkbox', { name: 'I confirm this declaration.' }))
    await user.click(screen.getByRole('button', { name: 'Declare wallet' }))
    await vi.waitFor(() => expect(onProven).toHaveBeenCalled())
    expect(api.callsTo('walletDeclare')[0]?.body).toEqual({
      brandName: 'Helvex',
      challengeId: CHALLENGE_ID,
      walletProvider: 'Xaman',
      confirm: true,
    })
  })

  it('opened for an order, fixes its coin and address and says the order waits for it', async () => {
    renderWallets({}, { order: { reference: 'ORDER00042', crypto: 'eth', wallet: EVM_ADDRESS, paid: true } })
    expect(await screen.findByText('Order ORDER00042 waits for this wallet')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Coin' })).toBeDisabled()
    expect(screen.getByRole('combobox', { name: 'Coin' })).toHaveValue('eth')
    expect(screen.getByRole('textbox', { name: 'Wallet address' })).toHaveValue(EVM_ADDRESS)
    expect(screen.getByRole('textbox', { name: 'Wallet address' })).toHaveAttribute('readonly')
  })

  it('shows what went wrong after the proof, e.g. when the order could not take the wallet', async () => {
    const user = userEvent.setup()
    renderWallets(
      {
        walletChallenge: ok({
          data: {
            challengeId: CHALLENGE_ID,
            method: 'signed_message',
            message: MESSAGE,
            expiresAt: '2025-01-02T10:15:00Z',
          },
        }),
        walletProve: ok({ data: saved() }),
      },
      {
        order: { reference: 'ORDER00042', crypto: 'eth', wallet: null, paid: true },
        onProven: async () => 'This order can no longer be changed.',
      },
    )
    await user.type(screen.getByRole('textbox', { name: 'Wallet address' }), EVM_ADDRESS)
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await user.type(await screen.findByRole('textbox', { name: 'Signature' }), SIGNATURE)
    await user.click(screen.getByRole('button', { name: 'Prove wallet' }))
    expect(await screen.findByText('This order can no longer be changed.')).toBeInTheDocument()
  })

  it('declares an address at an exchange with the exchange and the account holder, and says the limits', async () => {
    const user = userEvent.setup()
    const BTC_DEPOSIT = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
    const { api, onProven } = renderWallets({
      walletChallenge: ok({
        data: {
          challengeId: CHALLENGE_ID,
          method: 'signed_message',
          message: MESSAGE,
          expiresAt: '2030-01-01T00:00:00Z',
        },
      }),
      walletDeclareProvider: ok({
        data: saved({ crypto: 'btc', address: BTC_DEPOSIT, method: 'provider_declaration', walletProvider: 'Kraken' }),
      }),
    })
    await user.click(await screen.findByRole('radio', { name: /At an exchange or custodian/ }))
    await askForMessage(user, 'btc', BTC_DEPOSIT)
    expect(
      await screen.findByText(/up to 1000 EUR or CHF .* per order and 5000 EUR or CHF over 30 days/),
    ).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: 'Signature' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Declare wallet' }))
    expect(await screen.findByText('Please name the exchange or custodian')).toBeInTheDocument()
    expect(api.callsTo('walletDeclareProvider')).toHaveLength(0)
    await user.type(screen.getByRole('textbox', { name: 'Exchange or custodian' }), 'Kraken')
    await user.type(screen.getByRole('textbox', { name: 'Account holder' }), 'Ada Lovelace')
    await user.click(screen.getByRole('checkbox', { name: /in my own name/ }))
    await user.click(screen.getByRole('button', { name: 'Declare wallet' }))
    await vi.waitFor(() => expect(onProven).toHaveBeenCalledTimes(1))
    expect(api.callsTo('walletDeclareProvider')[0]?.body).toEqual({
      brandName: 'Helvex',
      challengeId: CHALLENGE_ID,
      walletProvider: 'Kraken',
      accountHolder: 'Ada Lovelace',
      confirm: true,
    })
  })
})

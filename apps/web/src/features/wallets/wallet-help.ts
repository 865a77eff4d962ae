import type { CryptoCurrency } from '@exchange/shared/currencies'

/** How a wallet is shown to be the customer's (decision 029): a signature we check, else a declaration. */
export type ProofKind = 'evm' | 'bitcoin' | 'declaration'

const EVM: readonly CryptoCurrency[] = ['eth', 'avax', 'usdc', 'usdt']

/**
 * What the screen asks for before the api says so, to explain the step ahead (decision 084): every bitcoin address
 * signs (BIP-137, or BIP-322 for native segwit and taproot), as do EVM addresses; the other networks are declared.
 */
export function proofKindOf(crypto: CryptoCurrency): ProofKind {
  if (EVM.includes(crypto)) return 'evm'
  return crypto === 'btc' ? 'bitcoin' : 'declaration'
}

export interface WalletHelp {
  wallet: string
  steps: string
}

/** Plain-words steps for common wallets, by the kind of proof. */
export const WALLET_HELP: Record<'evm' | 'bitcoin', readonly WalletHelp[]> = {
  evm: [
    {
      wallet: 'MetaMask, Rabby, Coinbase Wallet and other browser wallets',
      steps:
        'Open a message-signing page such as Etherscan’s “Verified Signatures” → “Sign Message”, connect the wallet with this address, paste the message, sign it in the wallet and copy the signature. It starts with 0x.',
    },
    {
      wallet: 'Ledger or Trezor used through MetaMask',
      steps:
        'Do the same as for MetaMask. The device shows the message: check it and confirm on the device, then copy the signature.',
    },
    {
      wallet: 'MyEtherWallet',
      steps: 'Open “Sign message” in the wallet’s menu, paste the message, sign and copy the signature.',
    },
  ],
  bitcoin: [
    {
      wallet: 'Electrum',
      steps:
        'Tools → Sign/verify message. Put the address and the message in, press Sign and copy the signature that appears.',
    },
    {
      wallet: 'Sparrow',
      steps:
        'Tools → Sign/Verify Message. Choose the address, paste the message, press Sign and copy the signature. For a taproot (bc1p) address, choose the BIP-322 format.',
    },
    {
      wallet: 'Xverse, Leather, UniSat and other taproot wallets',
      steps:
        'Use the wallet’s “Sign message” feature with this address, paste the message and copy the signature (BIP-322).',
    },
    {
      wallet: 'Trezor Suite',
      steps:
        'Open the account, choose “Sign & verify” in its menu, paste the message, pick the address, sign on the device and copy the signature.',
    },
    {
      wallet: 'Bitcoin Core',
      steps: 'File → Sign message. Enter the address and the message, press Sign Message and copy the signature.',
    },
  ],
}

/** Said under every signature help: the common case that cannot sign. */
export const EXCHANGE_ADDRESS_NOTE =
  'An address at an exchange (for example your deposit address at another exchange) cannot sign messages. For such an address, go back and choose “At an exchange or custodian”.'

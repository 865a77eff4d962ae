import type { CryptoCurrency } from '@exchange/shared/currencies'
import type { WalletsId } from './messages'

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
  wallet: WalletsId
  steps: WalletsId
}

const help = (name: string) =>
  ({ wallet: `wallets.help.${name}.wallet`, steps: `wallets.help.${name}.steps` }) as WalletHelp

/** Plain-words steps for common wallets, by the kind of proof (keys of the wallets catalog). */
export const WALLET_HELP: Record<'evm' | 'bitcoin', readonly WalletHelp[]> = {
  evm: ['browser', 'hardware', 'mew'].map(help),
  bitcoin: ['electrum', 'sparrow', 'taproot', 'trezor', 'core'].map(help),
}

import { z } from 'zod'

/**
 * The coins a wallet can be named for and what is said of a wallet, without its address checks: those (each network's
 * checksum) are in `wallet-addresses.ts`, which the web loads on demand (decision 119).
 */

/** The coins the exchange sells; 'trc' is the spec's name for tokens on TRON, which use TRON addresses. */
export const WALLET_COINS = ['btc', 'eth', 'avax', 'usdc', 'usdt', 'xrp', 'trx', 'trc', 'dot', 'eos', 'ada'] as const
export const WalletCoin = z.enum(WALLET_COINS)
export type WalletCoin = z.infer<typeof WalletCoin>

/**
 * Stored as the order's wallet when the customer starts a buy without one (spec section 5), so the order
 * can be created and the wallet asked for later. It is deliberately not a valid address for any coin.
 */
export const PLACEHOLDER_WALLET = 'NO_WALLET_PROVIDED'

export function walletAddressMessage(coin: string): string {
  return `Please enter a valid ${coin.toUpperCase()} wallet address`
}

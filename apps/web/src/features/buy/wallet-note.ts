import type { CryptoCurrency, FiatCurrency } from '@exchange/shared/currencies'
import { DECLARED_WALLET_LIMITS } from '@exchange/shared/wallet-proofs.schemas'
import { formatFiat } from '../../lib/format'

const SIGNING_COINS: readonly CryptoCurrency[] = ['btc', 'eth', 'avax', 'usdc', 'usdt']

/**
 * The line under the calculator's wallet field (decision 084): the wallet is settled before payment, so the customer
 * reads here what will be asked of it: nothing for a wallet already proven, else a signed message where the coin's
 * wallets sign, or a declaration; an address at an exchange is declared with the exchange, within its limits.
 */
export function walletNoteFor(
  crypto: CryptoCurrency,
  fiat: FiatCurrency,
  typed: string,
  proven: readonly { crypto: string; address: string }[],
): string {
  const address = typed.trim().toLowerCase()
  if (address !== '' && proven.some((wallet) => wallet.crypto === crypto && wallet.address.toLowerCase() === address))
    return 'This wallet is proven to be yours: nothing more to do before you pay.'
  const limit = formatFiat(DECLARED_WALLET_LIMITS[fiat].perOrder, fiat)
  const exchange = `For an address at an exchange, you name the exchange instead (up to ${limit} per order).`
  return SIGNING_COINS.includes(crypto)
    ? `Before you pay, you prove this wallet is yours by signing a short message with it (free, no coins move). ${exchange}`
    : `Before you pay, you declare that this wallet is yours and name the wallet app that holds it. ${exchange}`
}

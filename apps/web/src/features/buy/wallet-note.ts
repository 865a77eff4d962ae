import type { CryptoCurrency, FiatCurrency } from '@exchange/shared/currencies'
import { DECLARED_WALLET_LIMITS } from '@exchange/shared/wallet-proofs.schemas'
import { formatFiat } from '../../lib/format'
import { buyCatalog } from './messages'

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
    return buyCatalog.t('buy.wallet.proven')
  const limit = formatFiat(DECLARED_WALLET_LIMITS[fiat].perOrder, fiat)
  return buyCatalog.t(SIGNING_COINS.includes(crypto) ? 'buy.wallet.sign' : 'buy.wallet.declare', { limit })
}

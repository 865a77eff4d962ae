import ccxt, { type Exchange } from 'ccxt'
import type { CryptoCurrency } from '@exchange/shared/currencies'
import { type Fill, type LiquidityProvider, LiquidityRefused } from './liquidity.provider'

export interface CcxtLiquidityOptions {
  /** A ccxt exchange id, e.g. "kraken". */
  exchangeId: string
  apiKey: string
  secret: string
  /**
   * Exchanges such as Kraken only withdraw to addresses registered in advance under a name; this maps a coin to the
   * parameters its withdrawals need (e.g. `{ "btc": { "key": "customer-payouts" } }`).
   */
  withdrawParams?: Partial<Record<CryptoCurrency, Record<string, string>>>
  /** Tests hand in an exchange on recorded answers. */
  exchange?: Exchange
}

/**
 * ccxt's `ExchangeError` family is the exchange saying no (funds, address, order rules): nothing happened. Network
 * errors and odd answers leave the outcome unknown and pass through as they are.
 */
async function refusalsMarked<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof ccxt.ExchangeError)
      throw new LiquidityRefused(`${what} refused: ${error.name}`, { cause: error })
    throw error
  }
}

/** The ccxt symbol of a pair: "BTC/EUR". */
export function ccxtSymbol(crypto: string, fiat: string): string {
  return `${crypto.toUpperCase()}/${fiat.toUpperCase()}`
}

/**
 * A real exchange as the liquidity provider, through ccxt's unified API: a market buy of the order's coins, read back
 * for the filled price, then a withdrawal to the customer's wallet.
 */
export function createCcxtLiquidityProvider(options: CcxtLiquidityOptions): LiquidityProvider {
  const Exchange = (ccxt as unknown as Record<string, new (config: object) => Exchange>)[options.exchangeId]
  if (!options.exchange && !Exchange) throw new Error(`ccxt has no exchange "${options.exchangeId}"`)
  const exchange =
    options.exchange ?? new Exchange!({ apiKey: options.apiKey, secret: options.secret, enableRateLimit: true })

  return {
    kind: 'ccxt',
    simulated: false,
    async buy(order): Promise<Fill> {
      // ccxt's unified API takes amounts as numbers and rounds them to the market's precision itself; our decimal
      // string is converted only here, at the library's door.
      const placed = await refusalsMarked('buy', () =>
        exchange.createOrder(
          ccxtSymbol(order.crypto, order.fiat),
          'market',
          'buy',
          Number(order.cryptoAmount),
          undefined,
          { clientOrderId: order.reference },
        ),
      )
      if (!placed.id) throw new Error(`${options.exchangeId} answered an order without an id`)
      const filled = await exchange.fetchOrder(placed.id, ccxtSymbol(order.crypto, order.fiat))
      if (filled.status !== 'closed')
        throw new Error(`order ${placed.id} at ${options.exchangeId} is ${filled.status}, not filled`)
      return {
        providerOrderId: placed.id,
        filledPrice: String(filled.average ?? filled.price),
        cryptoAmount: String(filled.filled ?? order.cryptoAmount),
      }
    },
    async withdraw(input) {
      const result = await refusalsMarked('withdrawal', () =>
        exchange.withdraw(
          input.crypto.toUpperCase(),
          Number(input.amount),
          input.wallet,
          undefined,
          options.withdrawParams?.[input.crypto] ?? {},
        ),
      )
      const txId = result.txid ?? result.id
      if (!txId) throw new Error(`${options.exchangeId} answered a withdrawal without a reference`)
      return { txId }
    },
  }
}

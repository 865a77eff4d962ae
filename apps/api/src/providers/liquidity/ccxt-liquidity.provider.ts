import ccxt, { type Exchange, type Order } from 'ccxt'
import type { CryptoCurrency } from '@exchange/shared/currencies'
import {
  type BuyLookup,
  clientOrderIdOf,
  type Fill,
  type LiquidityProvider,
  LiquidityRefused,
} from './liquidity.provider'

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
  /** Runs the exchange in its test mode (ccxt's sandbox mode: its testnet). */
  testnet?: boolean
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

/** ccxt's numbers back to decimal strings without exponents (1e-7 would not be a decimal string). */
function decimal(value: number): string {
  return ccxt.decimalToPrecision(value, ccxt.TRUNCATE, 18, ccxt.DECIMAL_PLACES, ccxt.NO_PADDING) as string
}

function fillOf(providerOrderId: string, order: Order, ordered?: string): Fill {
  const price = order.average ?? order.price
  if (price === undefined) throw new Error(`order ${providerOrderId} has no price`)
  return {
    providerOrderId,
    filledPrice: decimal(price),
    cryptoAmount: order.filled !== undefined ? decimal(order.filled) : (ordered ?? '0'),
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
  if (options.testnet && !options.exchange) exchange.setSandboxMode(true)

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
          // Kraken sends it as `cl_ord_id`; other exchanges under their own name (ccxt maps the unified param).
          { clientOrderId: clientOrderIdOf(order) },
        ),
      )
      if (!placed.id) throw new Error(`${options.exchangeId} answered an order without an id`)
      const filled = await exchange.fetchOrder(placed.id, ccxtSymbol(order.crypto, order.fiat))
      if (filled.status !== 'closed')
        throw new Error(`order ${placed.id} at ${options.exchangeId} is ${filled.status}, not filled`)
      return fillOf(placed.id, filled, order.cryptoAmount)
    },
    async findBuy({ clientOrderId, crypto, fiat }): Promise<BuyLookup> {
      const symbol = ccxtSymbol(crypto, fiat)
      // Open orders first: an order that closes between the two questions is then seen in the second, never missed.
      const open = await exchange.fetchOpenOrders(symbol, undefined, undefined, { clientOrderId })
      const closed = await exchange.fetchClosedOrders(symbol, undefined, undefined, { clientOrderId })
      // The answer is filtered again here: an exchange that ignored the filter must not pass another order off as ours.
      const ours = [...open, ...closed].filter((order) => order.clientOrderId === clientOrderId && order.side === 'buy')
      if (ours.length === 0) return { state: 'not_found' }
      if (ours.length > 1)
        throw new Error(`${ours.length} orders at ${options.exchangeId} under client order id ${clientOrderId}`)
      const order = ours[0]!
      if (order.status === 'open') return { state: 'open' }
      if (!order.id) throw new Error(`${options.exchangeId} answered an order without an id`)
      if (order.status === 'closed') return { state: 'filled', fill: fillOf(order.id, order) }
      // Cancelled, expired or rejected by the exchange: a market order may have bought part of its amount first.
      return (order.filled ?? 0) > 0
        ? { state: 'partially_filled', fill: fillOf(order.id, order) }
        : { state: 'cancelled' }
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

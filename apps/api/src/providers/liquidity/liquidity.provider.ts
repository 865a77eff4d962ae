import type { CryptoCurrency, FiatCurrency } from '@exchange/shared/currencies'

export interface Fill {
  providerOrderId: string
  /** Price per coin the provider filled at (the order's fixed price in the sandbox). */
  filledPrice: string
  cryptoAmount: string
}

/** A market buy of an order's coins. */
export interface BuyRequest {
  reference: string
  /**
   * The id the provider keeps with the buy, so that it can be found again after a crash: a stored buy intent's id,
   * or the order reference. Unset means the order reference.
   */
  clientOrderId?: string
  crypto: CryptoCurrency
  fiat: FiatCurrency
  cryptoAmount: string
  price: string
}

/**
 * What the provider knows of a buy placed under a client order id. Only `not_found` and `cancelled` mean nothing was
 * bought, so buying again is safe; `open` is to be asked again later; `filled` is the fill to store instead of
 * buying; `partially_filled` (closed by the provider with part bought) is for a person to decide.
 */
export type BuyLookup =
  | { state: 'not_found' }
  | { state: 'open' }
  | { state: 'filled'; fill: Fill }
  | { state: 'partially_filled'; fill: Fill }
  | { state: 'cancelled' }

/** The broker that sells us the coins for a paid order and sends them to the customer's wallet. */
export interface LiquidityProvider {
  readonly kind: 'sandbox' | 'ccxt'
  /** True when nothing real is bought or sent; the transaction id says so too. */
  readonly simulated: boolean
  buy(order: BuyRequest): Promise<Fill>
  /**
   * Looks up the buy placed under a client order id, as the withdrawal step is checked before it is sent again:
   * a run that finds a stored buy intent without its fill asks this before buying a second time.
   */
  findBuy(query: { clientOrderId: string; crypto: CryptoCurrency; fiat: FiatCurrency }): Promise<BuyLookup>
  withdraw(input: {
    reference: string
    crypto: CryptoCurrency
    amount: string
    wallet: string
  }): Promise<{ txId: string }>
}

/** The client order id a buy is placed under: the stored intent's id, else the order reference. */
export function clientOrderIdOf(order: Pick<BuyRequest, 'reference' | 'clientOrderId'>): string {
  return order.clientOrderId ?? order.reference
}

/** The provider said no (funds, address, market closed…): nothing was bought or sent, so trying again later is safe. */
export class LiquidityRefused extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'LiquidityRefused'
  }
}

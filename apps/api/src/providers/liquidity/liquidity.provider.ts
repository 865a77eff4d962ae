import type { CryptoCurrency, FiatCurrency } from '@exchange/shared/currencies'

export interface Fill {
  providerOrderId: string
  /** Price per coin the provider filled at (the order's fixed price in the sandbox). */
  filledPrice: string
  cryptoAmount: string
}

/** The broker that sells us the coins for a paid order and sends them to the customer's wallet. */
export interface LiquidityProvider {
  readonly kind: 'sandbox' | 'ccxt'
  /** True when nothing real is bought or sent; the transaction id says so too. */
  readonly simulated: boolean
  buy(order: {
    reference: string
    crypto: CryptoCurrency
    fiat: FiatCurrency
    cryptoAmount: string
    price: string
  }): Promise<Fill>
  withdraw(input: {
    reference: string
    crypto: CryptoCurrency
    amount: string
    wallet: string
  }): Promise<{ txId: string }>
}

/** The provider said no (funds, address, market closed…): nothing was bought or sent, so trying again later is safe. */
export class LiquidityRefused extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'LiquidityRefused'
  }
}

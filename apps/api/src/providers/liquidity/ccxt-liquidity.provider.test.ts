import { readFileSync } from 'node:fs'
import ccxt from 'ccxt'
import { describe, expect, it } from 'vitest'
import { ccxtSymbol, createCcxtLiquidityProvider } from './ccxt-liquidity.provider'
import { LiquidityRefused } from './liquidity.provider'

const fixture = (name: string) => readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8')

/** Kraken through ccxt, with its HTTP answered from recorded answers in Kraken's documented shape. */
function recordedKraken(overrides: Record<string, string | Error> = {}) {
  const calls: { method: string; url: string; body: string }[] = []
  const answers: Record<string, string> = {
    '/0/public/Assets': fixture('kraken-assets.json'),
    '/0/public/AssetPairs': fixture('kraken-asset-pairs.json'),
    '/0/private/AddOrder': fixture('kraken-add-order.json'),
    '/0/private/QueryOrders': fixture('kraken-query-orders.json'),
    '/0/private/Withdraw': fixture('kraken-withdraw.json'),
    '/0/private/OpenOrders': fixture('kraken-open-orders-none.json'),
    '/0/private/ClosedOrders': fixture('kraken-closed-orders-none.json'),
  }
  const answersOrFailures: Record<string, string | Error> = { ...answers, ...overrides }
  const exchange = new ccxt.kraken({
    apiKey: 'recorded-key',
    secret: Buffer.from('recorded-secret-recorded-secret').toString('base64'),
    // Recorded answers need no pacing; ccxt's limiter would only wait.
    enableRateLimit: false,
  })
  exchange.fetchImplementation = async (url: string, init?: RequestInit) => {
    const path = new URL(url).pathname
    calls.push({ method: init?.method ?? 'GET', url, body: String(init?.body ?? '') })
    const answer = answersOrFailures[path]
    if (answer instanceof Error) throw answer
    return new Response(answer ?? JSON.stringify({ error: [`EGeneral:Unrecorded ${path}`] }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
  }
  return { exchange, calls }
}

describe('ccxt liquidity provider on Kraken (recorded answers)', () => {
  it('places a market buy of the order’s coins and reads back the filled price and amount', async () => {
    const { exchange, calls } = recordedKraken()
    const provider = createCcxtLiquidityProvider({ exchangeId: 'kraken', apiKey: 'k', secret: 's', exchange })
    const fill = await provider.buy({
      reference: 'ABCDEFGH23',
      crypto: 'btc',
      fiat: 'eur',
      cryptoAmount: '0.00271234',
      price: '91910.12',
    })
    expect(fill).toEqual({ providerOrderId: 'OUF4EM-FRGI2-MQMWZD', filledPrice: '91913.4', cryptoAmount: '0.00271234' })
    const addOrder = calls.find((call) => call.url.endsWith('/0/private/AddOrder'))
    const sent = new URLSearchParams(addOrder!.body)
    expect(sent.get('pair')).toBe('XXBTZEUR')
    expect(sent.get('type')).toBe('buy')
    expect(sent.get('ordertype')).toBe('market')
    expect(sent.get('volume')).toBe('0.00271234')
    // Without a stored intent the order reference is the client order id.
    expect(sent.get('cl_ord_id')).toBe('ABCDEFGH23')
  })

  it('places the buy under the stored intent’s client order id when it has one', async () => {
    const { exchange, calls } = recordedKraken()
    const provider = createCcxtLiquidityProvider({ exchangeId: 'kraken', apiKey: 'k', secret: 's', exchange })
    await provider.buy({
      reference: 'ABCDEFGH23',
      clientOrderId: '6d1b345e-2821-40e2-ad83-4ecb18a06876',
      crypto: 'btc',
      fiat: 'eur',
      cryptoAmount: '0.00271234',
      price: '91910.12',
    })
    const sent = new URLSearchParams(calls.find((call) => call.url.endsWith('/0/private/AddOrder'))!.body)
    expect(sent.get('cl_ord_id')).toBe('6d1b345e-2821-40e2-ad83-4ecb18a06876')
  })

  it('withdraws to the wallet with the registered withdrawal key and answers the exchange’s reference', async () => {
    const { exchange, calls } = recordedKraken()
    const provider = createCcxtLiquidityProvider({
      exchangeId: 'kraken',
      apiKey: 'k',
      secret: 's',
      exchange,
      withdrawParams: { btc: { key: 'customer-payouts' } },
    })
    const { txId } = await provider.withdraw({
      reference: 'ABCDEFGH23',
      crypto: 'btc',
      amount: '0.00271234',
      wallet: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    })
    expect(txId).toBe('FTQcuak-V6Za8qrWnhzTx67yYHz8Tg')
    const sent = new URLSearchParams(calls.find((call) => call.url.endsWith('/0/private/Withdraw'))!.body)
    expect(sent.get('key')).toBe('customer-payouts')
    expect(sent.get('amount')).toBe('0.00271234')
  })

  it('marks the exchange saying no as a refusal, and a lost connection as an unknown outcome', async () => {
    const withdrawal = {
      reference: 'ABCDEFGH23',
      crypto: 'btc' as const,
      amount: '0.00271234',
      wallet: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    }
    const refused = recordedKraken({
      '/0/private/Withdraw': JSON.stringify({ error: ['EFunding:Unknown withdraw key'] }),
    })
    const saidNo = await createCcxtLiquidityProvider({
      exchangeId: 'kraken',
      apiKey: 'k',
      secret: 's',
      exchange: refused.exchange,
      withdrawParams: { btc: { key: 'customer-payouts' } },
    })
      .withdraw(withdrawal)
      .catch((error: unknown) => error)
    expect(saidNo).toBeInstanceOf(LiquidityRefused)
    expect((saidNo as Error).message).toBe('withdrawal refused: InvalidAddress')

    const cut = recordedKraken({ '/0/private/Withdraw': new TypeError('fetch failed') })
    const unknown = await createCcxtLiquidityProvider({
      exchangeId: 'kraken',
      apiKey: 'k',
      secret: 's',
      exchange: cut.exchange,
      withdrawParams: { btc: { key: 'customer-payouts' } },
    })
      .withdraw(withdrawal)
      .catch((error: unknown) => error)
    expect(unknown).toBeInstanceOf(Error)
    expect(unknown).not.toBeInstanceOf(LiquidityRefused)
  })

  describe('finding a buy again by its client order id (after a crash between the buy and storing its fill)', () => {
    const query = { clientOrderId: 'ABCDEFGH23', crypto: 'btc' as const, fiat: 'eur' as const }
    const lookUp = (overrides: Record<string, string>) => {
      const recorded = recordedKraken(overrides)
      const provider = createCcxtLiquidityProvider({
        exchangeId: 'kraken',
        apiKey: 'k',
        secret: 's',
        exchange: recorded.exchange,
      })
      return { found: provider.findBuy(query), calls: recorded.calls }
    }

    it('answers the fill of a closed order, asking Kraken by cl_ord_id for open orders first, then closed ones', async () => {
      const { found, calls } = lookUp({ '/0/private/ClosedOrders': fixture('kraken-closed-orders-by-client-id.json') })
      expect(await found).toEqual({
        state: 'filled',
        fill: { providerOrderId: 'OUF4EM-FRGI2-MQMWZD', filledPrice: '91913.4', cryptoAmount: '0.00271234' },
      })
      const asked = calls.filter((call) => call.url.includes('/0/private/'))
      expect(asked.map((call) => new URL(call.url).pathname)).toEqual([
        '/0/private/OpenOrders',
        '/0/private/ClosedOrders',
      ])
      for (const call of asked) expect(new URLSearchParams(call.body).get('cl_ord_id')).toBe('ABCDEFGH23')
      expect(calls.some((call) => call.url.endsWith('/0/private/AddOrder'))).toBe(false)
    })

    it('answers not_found when Kraken has no order under the id, so buying is safe', async () => {
      expect(await lookUp({}).found).toEqual({ state: 'not_found' })
    })

    it('does not take another order for ours when the answer holds someone else’s client order id', async () => {
      const { found } = lookUp({ '/0/private/ClosedOrders': fixture('kraken-closed-orders-someone-else.json') })
      expect(await found).toEqual({ state: 'not_found' })
    })

    it('answers open for an order still working, so nobody buys again', async () => {
      const { found } = lookUp({ '/0/private/OpenOrders': fixture('kraken-open-orders-by-client-id.json') })
      expect(await found).toEqual({ state: 'open' })
    })

    it('answers partially_filled for an order the exchange cancelled after buying part of it', async () => {
      const { found } = lookUp({
        '/0/private/ClosedOrders': fixture('kraken-closed-orders-cancelled-part-filled.json'),
      })
      expect(await found).toEqual({
        state: 'partially_filled',
        fill: { providerOrderId: 'OQ2ZNI-7WKXE-4XGSBC', filledPrice: '91913.4', cryptoAmount: '0.001' },
      })
    })

    it('leaves the outcome unknown (an error, not not_found) when Kraken cannot be asked', async () => {
      const recorded = recordedKraken({ '/0/private/ClosedOrders': new TypeError('fetch failed') } as never)
      const provider = createCcxtLiquidityProvider({
        exchangeId: 'kraken',
        apiKey: 'k',
        secret: 's',
        exchange: recorded.exchange,
      })
      await expect(provider.findBuy(query)).rejects.toThrow()
    })
  })

  it('refuses an exchange ccxt does not know', () => {
    expect(() => createCcxtLiquidityProvider({ exchangeId: 'no-such-exchange', apiKey: 'k', secret: 's' })).toThrow(
      /no exchange/,
    )
  })

  it('names pairs the ccxt way', () => {
    expect(ccxtSymbol('btc', 'eur')).toBe('BTC/EUR')
  })
})

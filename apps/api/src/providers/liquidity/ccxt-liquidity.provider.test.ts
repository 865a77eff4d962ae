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
  }
  const answersOrFailures: Record<string, string | Error> = { ...answers, ...overrides }
  const exchange = new ccxt.kraken({
    apiKey: 'recorded-key',
    secret: Buffer.from('recorded-secret-recorded-secret').toString('base64'),
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

  it('refuses an exchange ccxt does not know', () => {
    expect(() => createCcxtLiquidityProvider({ exchangeId: 'no-such-exchange', apiKey: 'k', secret: 's' })).toThrow(
      /no exchange/,
    )
  })

  it('names pairs the ccxt way', () => {
    expect(ccxtSymbol('btc', 'eur')).toBe('BTC/EUR')
  })
})

import { routeForMethod } from '@exchange/shared/order-rules'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers } from '../src/db/tables/modules/customers'
import { orders } from '../src/db/tables/modules/orders'
import {
  ADA_DETAILS,
  buildTestApp,
  buyer,
  callUser,
  ETH_WALLET,
  initiateBuy,
  type TestApp,
  tradingFile,
} from './support'

describe('orderBuyGetMethods, by configuration', () => {
  let t: TestApp
  beforeAll(async () => {
    const file = await tradingFile({
      paymentMethods: {
        psps: [
          { id: 'card-eur', name: 'Card', fiats: ['eur'] },
          { id: 'card-a', name: 'Card A', fiats: ['chf'] },
          { id: 'card-b', name: 'Card B', fiats: ['chf'], maxAmount: '1000.00' },
        ],
        banks: [
          { id: 'bank-gbp', name: 'UK Bank', tlId: 'tl-uk-1', fiats: ['gbp'] },
          { id: 'bank-1', name: 'Bank One', tlId: 'tl-1', fiats: ['usd'] },
          { id: 'bank-2', name: 'Bank Two', tlId: 'tl-2', fiats: ['usd'], countries: ['CH'] },
        ],
        alts: [],
      },
    })
    t = await buildTestApp({ env: { TRADING_FILE: file } })
  })
  afterAll(() => t.close())

  async function methodsFor(token: string, assetId: string, amount = '250') {
    const { reference } = (
      await initiateBuy(t, token, { assetId, amount, wallet: assetId.startsWith('eth') ? ETH_WALLET : '' })
    ).body.data
    return {
      reference,
      methods: (await callUser(t.app, 'orderBuyGetMethods', token, { orderReference: reference })).body,
    }
  }

  it('answers the three groups with options, allowed and selected, filtered by fiat', async () => {
    const customer = await buyer(t)
    const { methods } = await methodsFor(customer.token, 'btc_eur')
    expect(methods).toEqual({
      result: true,
      psps: { options: [{ id: 'card-eur', name: 'Card' }], allowed: true, selected: null },
      banks: { options: [], allowed: false, selected: null },
      alts: { options: [], allowed: false, selected: null },
    })
  })

  it('filters by amount: the capped card drops out above its maximum', async () => {
    const customer = await buyer(t)
    expect((await methodsFor(customer.token, 'btc_chf', '500')).methods.psps.options).toHaveLength(2)
    expect((await methodsFor(customer.token, 'btc_chf', '1500')).methods.psps.options).toHaveLength(1)
  })

  it("filters by the customer's country, and a bank option carries its tlId", async () => {
    const customer = await buyer(t)
    expect((await methodsFor(customer.token, 'btc_usd')).methods.banks.options).toEqual([
      { id: 'bank-1', name: 'Bank One', tlId: 'tl-1' },
    ])
    await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
    expect(
      (await methodsFor(customer.token, 'btc_usd')).methods.banks.options.map((o: { tlId: string }) => o.tlId),
    ).toEqual(['tl-1', 'tl-2'])
  })

  it('reaches every branch of the routing rule by configuration', async () => {
    const customer = await buyer(t)
    const route = async (
      assetId: string,
      group: 'psps' | 'banks',
      names: { firstName: string | null; lastName: string | null },
    ) => {
      const { methods } = await methodsFor(customer.token, assetId)
      return routeForMethod(
        group,
        methods[group].options.map((o: { id: string }) => o.id),
        names,
      )
    }
    const unnamed = { firstName: null, lastName: null }
    const named = { firstName: 'Ada', lastName: 'Lovelace' }
    expect(await route('btc_eur', 'psps', unnamed)).toEqual({
      kind: 'go',
      suffix: '-confirmdetails',
      selectedOptionId: 'card-eur',
    })
    expect(await route('btc_eur', 'psps', named)).toEqual({
      kind: 'go',
      suffix: '-viban',
      selectedOptionId: 'card-eur',
    })
    expect(await route('btc_chf', 'psps', named)).toEqual({ kind: 'go', suffix: '-choosecc', selectedOptionId: null })
    expect(await route('btc_gbp', 'banks', named)).toEqual({
      kind: 'go',
      suffix: '-wire',
      selectedOptionId: 'bank-gbp',
    })
    await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
    expect(await route('btc_usd', 'banks', named)).toEqual({
      kind: 'go',
      suffix: '-choosebank',
      selectedOptionId: null,
    })
  })

  it('keeps the chosen option on the order, and refuses an option the order cannot use', async () => {
    const customer = await buyer(t)
    const { reference } = await methodsFor(customer.token, 'btc_chf', '500')
    expect(
      (
        await callUser(t.app, 'orderSelectMethod', customer.token, {
          orderReference: reference,
          group: 'psps',
          optionId: 'card-eur',
        })
      ).body,
    ).toEqual({ result: false, error: 'method_unavailable' })
    expect(
      (
        await callUser(t.app, 'orderSelectMethod', customer.token, {
          orderReference: reference,
          group: 'psps',
          optionId: 'card-b',
        })
      ).body,
    ).toEqual({ result: true })
    const [order] = await t.db.select().from(orders).where(eq(orders.reference, reference))
    expect(order).toMatchObject({ methodGroup: 'psps', methodOption: 'card-b' })
    const methods = (await callUser(t.app, 'orderBuyGetMethods', customer.token, { orderReference: reference })).body
    expect(methods.psps.selected).toBe('card-b')
  })
})

describe('client details', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  it('saves the details and getGross greets by name', async () => {
    const customer = await buyer(t)
    expect(
      (await callUser(t.app, 'saveClientDetails', customer.token, { ...ADA_DETAILS, phone: '+41 44 668 18 00' })).body,
    ).toEqual({ result: true })
    const stored = (await callUser(t.app, 'getClientDetails', customer.token)).body.data
    expect(stored).toEqual({ ...ADA_DETAILS, phone: '+41446681800', email: customer.email })
    expect((await callUser(t.app, 'getGross', customer.token)).body.data.details).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: customer.email,
      language: 'en',
    })
  })

  it.each([
    [{ country: 'KP' }, 'country'],
    [{ country: 'US' }, 'country'],
    [{ firstName: '' }, 'firstName'],
    [{ lastName: 'R2-D2 <script>' }, 'lastName'],
    [{ phone: '0446681800' }, 'phone'],
    [{ postal: '80 01 ; drop' }, 'postal'],
  ])('refuses %j and changes nothing', async (change, field) => {
    const customer = await buyer(t)
    const answer = await callUser(t.app, 'saveClientDetails', customer.token, { ...ADA_DETAILS, ...change })
    expect(answer.status).toBe(400)
    expect(answer.body.fields).toHaveProperty(field)
    const [row] = await t.db.select().from(customers).where(eq(customers.email, customer.email))
    expect(row?.firstName).toBeNull()
  })
})

describe('history', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  it('lists the customer’s orders newest first, paged, with status, amounts, rate and method', async () => {
    const customer = await buyer(t)
    const other = await buyer(t)
    await initiateBuy(t, other.token)
    const references: string[] = []
    for (const amount of ['100', '200', '300']) {
      t.clock.advance(1_000)
      references.push((await initiateBuy(t, customer.token, { amount })).body.data.reference)
    }
    await callUser(t.app, 'exchangeUpdateOrder', customer.token, {
      orderReference: references[0],
      statusName: 'cancelled',
    })

    const first = (await callUser(t.app, 'getHistory', customer.token, { page: 1, pageSize: 2 })).body.data
    expect(first.total).toBe(3)
    expect(first.orders.map((o: { orderReference: string }) => o.orderReference)).toEqual([
      references[2],
      references[1],
    ])
    expect(first.orders[0]).toMatchObject({
      statusName: 'initiated',
      fiatCur: 'eur',
      cryptoCur: 'btc',
      fiatAmount: '300.00',
      orderAmount: '300.00',
      method: null,
      methodName: null,
    })
    expect(first.orders[0].price).toMatchObject({ spreadBps: 150, feeBps: 100, fee: '3.00' })
    const second = (await callUser(t.app, 'getHistory', customer.token, { page: 2, pageSize: 2 })).body.data
    expect(second.orders).toMatchObject([{ orderReference: references[0], statusName: 'cancelled' }])
  })

  it('pages after the order the last page ended with, each order once, orders of the same instant too', async () => {
    const customer = await buyer(t)
    const other = await buyer(t)
    const theirs = (await initiateBuy(t, other.token)).body.data.reference as string
    t.clock.advance(1_000)
    const made: string[] = []
    // The clock stands still: the three orders share their creation time, and the id orders them.
    for (const amount of ['100', '200', '300'])
      made.push((await initiateBuy(t, customer.token, { amount })).body.data.reference)

    const byNumber = await callUser(t.app, 'getHistory', customer.token, { page: 1, pageSize: 3 })
    const newestFirst = byNumber.body.data.orders.map((order: { orderReference: string }) => order.orderReference)
    expect([...newestFirst].sort()).toEqual([...made].sort())
    expect(byNumber.body.data).toMatchObject({ total: 3, totalCapped: false, nextAfter: null })

    const walked: string[] = []
    let after: string | null = null
    for (let page = 1; page <= 4; page += 1) {
      const answer = await callUser(t.app, 'getHistory', customer.token, {
        page,
        pageSize: 1,
        ...(after ? { after } : {}),
      })
      expect(answer.body.data).toMatchObject({ page, pageSize: 1, total: 3, totalCapped: false })
      walked.push(...answer.body.data.orders.map((order: { orderReference: string }) => order.orderReference))
      after = answer.body.data.nextAfter
      if (after === null) break
    }
    expect(walked).toEqual(newestFirst)
    expect(after).toBeNull()

    const afterTheirs = await callUser(t.app, 'getHistory', customer.token, { page: 2, after: theirs })
    expect(afterTheirs.body).toEqual({ result: false, error: 'order_not_found' })
    expect((await callUser(t.app, 'getHistory', customer.token, { page: 2, after: 'not a reference' })).status).toBe(
      400,
    )
  })

  it('shows one order with its events', async () => {
    const customer = await buyer(t)
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    await callUser(t.app, 'exchangeUpdateOrder', customer.token, { orderReference: reference, statusName: 'cancelled' })
    const detail = (await callUser(t.app, 'getOrderDetail', customer.token, { orderReference: reference })).body.data
    expect(detail.order.orderReference).toBe(reference)
    expect(detail.events.map((event: { toStatus: string }) => event.toStatus)).toEqual(['initiated', 'cancelled'])
  })

  it('refuses a page size over 50, and a page by number beyond the first 1,000 orders', async () => {
    const customer = await buyer(t)
    expect((await callUser(t.app, 'getHistory', customer.token, { page: 1, pageSize: 500 })).status).toBe(400)
    expect((await callUser(t.app, 'getHistory', customer.token, { page: 20, pageSize: 50 })).status).toBe(200)
    const deep = await callUser(t.app, 'getHistory', customer.token, { page: 21, pageSize: 50 })
    expect(deep.status).toBe(400)
    expect(JSON.stringify(deep.body)).toContain('Pages beyond the first 1,000 orders are asked for after an order')
  })
})

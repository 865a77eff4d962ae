import { isValidIban } from '@exchange/shared/iban'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { payments, virtualIbans } from '../src/db/tables/modules/payments'
import { ADA_DETAILS, buyer, callUser, initiateBuy, payableBuyer, storedOrder, useTestApp } from './support'

const t = useTestApp()

describe('orderSubmitWire', () => {
  it("answers the company's receiving account, the exact amount and the order reference, and awaits the payment", async () => {
    const customer = await payableBuyer(t)
    const { reference } = (await initiateBuy(t, customer.token, { amount: '1,250.50' })).body.data
    const answer = await callUser(t.app, 'orderSubmitWire', customer.token, {
      orderReference: reference,
      tlId: 'sandbox-bank-1',
    })

    expect(answer.body.result).toBe(true)
    expect(answer.body.data).toMatchObject({
      reference,
      amount: '1250.50',
      currency: 'eur',
      holder: 'Helvex Digital Markets AG',
      bic: 'SNDBCHZZXXX',
      sandbox: true,
    })
    expect(answer.body.data.bankName).toContain('test environment')
    expect(isValidIban(answer.body.data.iban)).toBe(true)

    const order = await storedOrder(t, reference)
    expect(order).toMatchObject({ status: 'awaiting_payment', methodGroup: 'wire', methodOption: 'sandbox-bank-1' })
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id))
    expect(payment).toMatchObject({ method: 'wire', status: 'pending', amount: '1250.50', currency: 'eur' })
    const gross = (await callUser(t.app, 'getGross', customer.token)).body.data
    expect(gross.pendingBalance).toBe('1250.50')
    expect(gross.openOrder[0]).toMatchObject({
      method: 'sandbox-bank-1',
      methodName: 'Bank transfer from Sandbox Bank',
    })
  })

  it('answers the same details when submitted twice, with one payment record', async () => {
    const customer = await payableBuyer(t)
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    const first = await callUser(t.app, 'orderSubmitWire', customer.token, {
      orderReference: reference,
      tlId: 'sandbox-bank-1',
    })
    const second = await callUser(t.app, 'orderSubmitWire', customer.token, {
      orderReference: reference,
      tlId: 'sandbox-bank-1',
    })
    expect(second.body).toEqual(first.body)
    const order = await storedOrder(t, reference)
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(1)
  })

  it('refuses an unknown bank, a foreign order, a cancelled order and an expired price', async () => {
    const customer = await payableBuyer(t)
    const other = await payableBuyer(t)
    const { reference } = (await initiateBuy(t, customer.token)).body.data
    expect(
      (await callUser(t.app, 'orderSubmitWire', customer.token, { orderReference: reference, tlId: 'no-such-bank' }))
        .body.error,
    ).toBe('method_unavailable')
    expect(
      (await callUser(t.app, 'orderSubmitWire', other.token, { orderReference: reference, tlId: 'sandbox-bank-1' }))
        .body.error,
    ).toBe('order_not_found')

    const cancelled = (await initiateBuy(t, customer.token)).body.data.reference
    await callUser(t.app, 'exchangeUpdateOrder', customer.token, { orderReference: cancelled, statusName: 'cancelled' })
    expect(
      (await callUser(t.app, 'orderSubmitWire', customer.token, { orderReference: cancelled, tlId: 'sandbox-bank-1' }))
        .body.error,
    ).toBe('transition_not_allowed')

    t.clock.advance(900_000)
    expect(
      (await callUser(t.app, 'orderSubmitWire', customer.token, { orderReference: reference, tlId: 'sandbox-bank-1' }))
        .body.error,
    ).toBe('price_expired')
    expect((await storedOrder(t, reference)).status).toBe('initiated')
  })
})

describe('virtual IBAN', () => {
  it('needs the details before one is issued (decision 080), and issues none', async () => {
    const customer = await buyer(t)
    expect((await callUser(t.app, 'orderGetViban', customer.token)).body).toEqual({
      result: false,
      error: 'step_required',
      step: 'details',
    })
    expect(await t.db.select().from(virtualIbans)).toHaveLength(0)
  })

  it('issues one valid IBAN per customer on first use and keeps it', async () => {
    const customer = await buyer(t)
    await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
    const first = (await callUser(t.app, 'orderGetViban', customer.token)).body
    const again = (await callUser(t.app, 'orderGetViban', customer.token)).body
    expect(first.result).toBe(true)
    expect(isValidIban(first.data.iban)).toBe(true)
    expect(first.data.iban).toMatch(/^CH\d{2}09999/)
    expect(first.data.holder).toBe('Helvex Digital Markets AG / Ada Lovelace')
    expect(again).toEqual(first)
    expect(Object.keys(first.data).sort()).toEqual([
      'bankAddress',
      'bankName',
      'bic',
      'fiats',
      'holder',
      'iban',
      'sandbox',
    ])
    // The fiats the account behind it holds (the sandbox's: all), so that the web offers the transfer only for those.
    expect(first.data.fiats).toEqual(['eur', 'chf', 'gbp', 'usd'])
    expect(await t.db.select().from(virtualIbans).where(eq(virtualIbans.iban, first.data.iban))).toHaveLength(1)

    // Another customer (the same name is no reason to share an account): her own IBAN.
    const second = await buyer(t)
    await callUser(t.app, 'saveClientDetails', second.token, ADA_DETAILS)
    expect((await callUser(t.app, 'orderGetViban', second.token)).body.data.iban).not.toBe(first.data.iban)
  })

  it('ties an order to the virtual IBAN and keeps the "transfer sent" note in the timeline', async () => {
    const customer = await buyer(t)
    await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
    const { reference } = (await initiateBuy(t, customer.token, { amount: '300', assetId: 'btc_chf' })).body.data
    const submitted = await callUser(t.app, 'orderSubmitViban', customer.token, { orderReference: reference })
    expect(submitted.body.data).toMatchObject({
      reference,
      amount: '300.00',
      currency: 'chf',
      holder: 'Helvex Digital Markets AG / Ada Lovelace',
    })
    expect((await storedOrder(t, reference)).status).toBe('awaiting_payment')

    expect((await callUser(t.app, 'orderCompleteViban', customer.token)).body).toEqual({ result: true })
    const detail = (await callUser(t.app, 'getOrderDetail', customer.token, { orderReference: reference })).body.data
    expect(detail.events.map((event: { kind: string; words: string | null }) => [event.kind, event.words])).toEqual([
      ['order_created', null],
      ['viban_chosen', 'You chose to pay by bank transfer to your virtual IBAN'],
      ['transfer_reported_sent', 'You told us the transfer is on its way'],
    ])
    // The operator's words stay in the back office.
    expect(JSON.stringify(detail.events)).not.toContain('Customer')
    expect(detail.order).toMatchObject({ statusName: 'awaiting_payment', methodName: 'Transfer to your virtual IBAN' })
  })

  it("orderCompleteViban naming an order notes that order only, and never another customer's", async () => {
    const customer = await buyer(t)
    await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
    const older = (await initiateBuy(t, customer.token, { amount: '300', assetId: 'btc_chf' })).body.data.reference
    await callUser(t.app, 'orderSubmitViban', customer.token, { orderReference: older })
    const newer = (await initiateBuy(t, customer.token, { amount: '200', assetId: 'btc_chf' })).body.data.reference
    await callUser(t.app, 'orderSubmitViban', customer.token, { orderReference: newer })
    const kinds = async (reference: string) =>
      (await callUser(t.app, 'getOrderDetail', customer.token, { orderReference: reference })).body.data.events.map(
        (event: { kind: string }) => event.kind,
      )

    // The page showed the older order: the note lands there, not on the newest one.
    expect((await callUser(t.app, 'orderCompleteViban', customer.token, { orderReference: older })).body).toEqual({
      result: true,
    })
    expect(await kinds(older)).toContain('transfer_reported_sent')
    expect(await kinds(newer)).not.toContain('transfer_reported_sent')

    const stranger = await buyer(t)
    expect((await callUser(t.app, 'orderCompleteViban', stranger.token, { orderReference: newer })).body).toEqual({
      result: false,
      error: 'order_not_found',
    })
    expect(await kinds(newer)).not.toContain('transfer_reported_sent')
    expect(
      (await callUser(t.app, 'orderCompleteViban', customer.token, { orderReference: 'not a reference' })).status,
    ).toBe(400)
  })

  it('orderCompleteViban without an order waiting on the virtual IBAN answers order_not_found', async () => {
    const customer = await buyer(t)
    expect((await callUser(t.app, 'orderCompleteViban', customer.token)).body).toEqual({
      result: false,
      error: 'order_not_found',
    })
  })
})

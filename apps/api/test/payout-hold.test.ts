import { eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { beforeEach, describe, expect, it } from 'vitest'
import { accountEvents } from '../src/db/tables/modules/accounts'
import { customers } from '../src/db/tables/modules/customers'
import {
  ADA_DETAILS,
  BTC_WALLET,
  ETH_WALLET,
  callUser,
  initiateBuy,
  latestCode,
  mailTo,
  payableBuyer,
  refusableLiquidity,
  sendBankTransfer,
  storedOrder,
  uniqueEmail,
  useTestApp,
  wireOrderPaid,
  EVERY_ROLE,
  useOperatorSession,
} from './support'

const SECRET = 'test-bank-webhook-secret-0123456789'
const HOUR = 3_600_000

const liquidity = refusableLiquidity()

const t = useTestApp({
  // Sessions outlast the two days the clock moves here.
  env: {
    BANK_WEBHOOK_SECRET: SECRET,

    PUBLIC_URL: 'https://exchange.example',
    SESSION_HOURS: '240',
  },
  liquidityProvider: liquidity.provider,
})
beforeEach(() => {
  liquidity.state.refuse = 0
})
const operator = useOperatorSession(t, EVERY_ROLE, 'ops.anna')
const operatorHeaders: Record<string, string> = operator.headers

type Customer = Awaited<ReturnType<typeof payableBuyer>>

/** A customer with every step done who was paid out once: 250 EUR of BTC to BTC_WALLET, completed. */
async function paidOutOnce(): Promise<Customer> {
  const customer = await payableBuyer(t)
  const first = await wireOrderPaid(t, SECRET, 'Ada Lovelace', customer)
  expect((await storedOrder(t, first.reference)).status).toBe('completed')
  return customer
}

async function changePassword(customer: Customer, newPassword = 'a brand new phrase') {
  const changed = await callUser(t.app, 'changePassword', customer.token, {
    currentPassword: customer.password,
    newPassword,
  })
  expect(changed.body).toMatchObject({ result: true })
  customer.password = newPassword
  await t.app.jobs.customerChecksChanged()
}

/** A wire order of the customer to `wallet`, paid by the bank's notice. */
async function paidTo(customer: Customer, wallet: string, assetId: string) {
  const initiated = await initiateBuy(t, customer.token, { wallet, assetId })
  expect(initiated.body).toMatchObject({ result: true })
  const { reference } = initiated.body.data
  await callUser(t.app, 'orderSubmitWire', customer.token, { orderReference: reference, tlId: 'sandbox-bank-1' })
  return reference as string
}

async function payByBank(reference: string) {
  const order = await storedOrder(t, reference)
  const answer = await sendBankTransfer(t, SECRET, { reference, amount: order.fiatAmount })
  expect(answer).toMatchObject({ result: true, outcome: 'matched' })
}

async function detailOf(customer: Customer, reference: string) {
  const answer = await callUser(t.app, 'getOrderDetail', customer.token, { orderReference: reference })
  expect(answer.body).toMatchObject({ result: true })
  return answer.body.data as {
    order: { status: string }
    payoutHold: { until: string; reason: string } | null
    events: { kind: string | null; words: string | null }[]
  }
}

/** Refreshes the prices a day on, so that new orders can be priced after the clock moved. */
async function later(ms: number) {
  t.clock.advance(ms)
  await t.app.jobs.refreshRates()
}

describe('a payout to a new wallet after a security change', () => {
  it('waits 24 hours, told before payment and after, while a wallet paid out to before goes out at once', async () => {
    const customer = await paidOutOnce()
    await later(HOUR)
    await changePassword(customer)
    const changedAt = t.clock.now()
    const until = new Date(changedAt.getTime() + 24 * HOUR).toISOString()

    // Before paying: the calculator's answer and the order's screen both say it.
    const holds = await callUser(t.app, 'payoutHolds', customer.token)
    expect(holds.body).toMatchObject({
      result: true,
      data: { changes: [{ type: 'password_changed', at: changedAt.toISOString() }] },
    })
    expect(holds.body.data.paidWallets).toEqual([
      expect.objectContaining({ crypto: 'btc', address: BTC_WALLET.toLowerCase() }),
    ])
    const toKnown = await paidTo(customer, BTC_WALLET, 'btc_eur')
    expect((await detailOf(customer, toKnown)).payoutHold).toBeNull()
    await payByBank(toKnown)
    expect((await storedOrder(t, toKnown)).status).toBe('completed')
    const toNew = await paidTo(customer, ETH_WALLET, 'eth_eur')
    expect((await detailOf(customer, toNew)).payoutHold).toEqual({ until, reason: 'password_changed' })

    // Paid: the new wallet waits, told by mail and on the timeline.
    await payByBank(toNew)
    const held = await storedOrder(t, toNew)
    expect(held).toMatchObject({ status: 'awaiting_checks', payoutWaitsFor: 'security_hold' })
    expect(held.payoutHeldUntil?.toISOString()).toBe(until)
    const detail = await detailOf(customer, toNew)
    expect(detail.payoutHold).toEqual({ until, reason: 'password_changed' })
    const words = detail.events.find((event) => event.kind === 'payout_held')?.words
    expect(words).toContain('Because your password was changed, a payout to a wallet we have not sent your coins to')
    expect(words).toContain(until.replace('T', ' ').slice(0, 16))
    const [mail] = (await mailTo(t.db, customer.email)).filter((one) => one.template === 'order_payout_held')
    expect(mail?.text).toContain(ETH_WALLET)
    expect(mail?.text).toContain(`${until.replace('T', ' ').slice(0, 16)} UTC`)

    // The operator sees it on the order's row, with its end.
    await operator.renew()
    const page = await t.app.inject({
      method: 'GET',
      url: '/operator',
      headers: { ...operatorHeaders },
    })
    expect(page.body).toContain(`a new wallet after a security change: goes out by itself after ${until}`)

    // The sweep leaves it until the hold has passed, then sends it by itself.
    await later(23 * HOUR)
    await t.app.jobs.settleWaitingOrders()
    expect((await storedOrder(t, toNew)).status).toBe('awaiting_checks')
    await later(HOUR + 1000)
    expect(await t.app.jobs.settleWaitingOrders()).toBe(1)
    expect((await storedOrder(t, toNew)).status).toBe('completed')
    const after = await detailOf(customer, toNew)
    expect(after.events.map((event) => event.kind)).toEqual(
      expect.arrayContaining(['payout_held', 'payout_hold_ended', 'delivered']),
    )
    expect(after.payoutHold).toBeNull()
  })

  it('is moved later by a later change, and nothing done in the account shortens it', async () => {
    const customer = await paidOutOnce()
    await changePassword(customer)
    const reference = await paidTo(customer, ETH_WALLET, 'eth_eur')
    await payByBank(reference)
    const first = (await storedOrder(t, reference)).payoutHeldUntil!

    // Ten hours on, the password is changed again: the held order learns at once that it waits 24 hours from now.
    await later(10 * HOUR)
    await changePassword(customer, 'yet another phrase')
    const moved = await storedOrder(t, reference)
    expect(moved.payoutHeldUntil!.getTime()).toBe(first.getTime() + 10 * HOUR)
    const notes = (await detailOf(customer, reference)).events.filter((event) => event.kind === 'payout_held')
    expect(notes).toHaveLength(2)

    // A new residence, and another order to the same wallet, change nothing: the rule reads neither.
    const elsewhere = await callUser(t.app, 'saveClientDetails', customer.token, {
      ...ADA_DETAILS,
      city: 'Berlin',
      postal: '10115',
      address: 'Unter den Linden 1',
      country: 'DE',
    })
    expect(elsewhere.body).toMatchObject({ result: true })
    await t.app.jobs.customerChecksChanged()
    expect((await storedOrder(t, reference)).payoutHeldUntil!.getTime()).toBe(first.getTime() + 10 * HOUR)
    await later(14 * HOUR + 1000)
    await t.app.jobs.settleWaitingOrders()
    expect((await storedOrder(t, reference)).status).toBe('awaiting_checks')
    await later(10 * HOUR)
    await t.app.jobs.settleWaitingOrders()
    expect((await storedOrder(t, reference)).status).toBe('completed')
  })

  it('holds a withdrawal the gate let through when a change came before the coins left', async () => {
    const customer = await paidOutOnce()
    // The coins are bought, the withdrawal refused: the order stays `processing`, nothing asked of the exchange.
    liquidity.state.refuse = 1
    const reference = await paidTo(customer, ETH_WALLET, 'eth_eur')
    await payByBank(reference)
    const bought = await storedOrder(t, reference)
    expect(bought).toMatchObject({ status: 'processing', withdrawalRequestedAt: null })

    await changePassword(customer)
    const until = new Date(t.clock.now().getTime() + 24 * HOUR)
    await later(61_000)
    await t.app.jobs.settleWaitingOrders()
    const held = await storedOrder(t, reference)
    expect(held).toMatchObject({ status: 'processing', withdrawalRequestedAt: null })
    expect(held.payoutHeldUntil?.toISOString()).toBe(until.toISOString())
    expect((await detailOf(customer, reference)).payoutHold).toEqual({
      until: until.toISOString(),
      reason: 'password_changed',
    })
    // Told once, whatever the number of sweeps.
    await later(61_000)
    await t.app.jobs.settleWaitingOrders()
    const mails = (await mailTo(t.db, customer.email)).filter((one) => one.template === 'order_payout_held')
    expect(mails).toHaveLength(1)

    await later(24 * HOUR)
    await t.app.jobs.settleWaitingOrders()
    expect((await storedOrder(t, reference)).status).toBe('completed')
  })

  it('starts when two-factor sign-in is turned on, worded for the customer', async () => {
    const customer = await paidOutOnce()
    await later(HOUR)
    const started = await callUser(t.app, 'startTotp', customer.token, { currentPassword: customer.password })
    const secret = Secret.fromBase32(started.body.data.secret as string)
    const code = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({
      timestamp: t.clock.now().getTime(),
    })
    expect((await callUser(t.app, 'confirmTotp', customer.token, { code })).body).toMatchObject({ result: true })
    const enabledAt = t.clock.now()
    const holds = await callUser(t.app, 'payoutHolds', customer.token)
    expect(holds.body.data.changes).toEqual([{ type: 'second_factor_enabled', at: enabledAt.toISOString() }])
    const toNew = await paidTo(customer, ETH_WALLET, 'eth_eur')
    const until = new Date(enabledAt.getTime() + 24 * HOUR).toISOString()
    expect((await detailOf(customer, toNew)).payoutHold).toEqual({ until, reason: 'second_factor_enabled' })
    await payByBank(toNew)
    expect(await storedOrder(t, toNew)).toMatchObject({ status: 'awaiting_checks', payoutWaitsFor: 'security_hold' })
    const words = (await detailOf(customer, toNew)).events.find((event) => event.kind === 'payout_held')?.words
    expect(words).toContain('Because a second factor was turned on, a payout to a wallet')
  })

  it('answers the calculator nothing to say when no change of the last 24 hours holds a wallet', async () => {
    const customer = await paidOutOnce()
    expect((await callUser(t.app, 'payoutHolds', customer.token)).body).toEqual({
      result: true,
      data: { changes: [], paidWallets: [] },
    })
    await changePassword(customer)
    await later(24 * HOUR + 1000)
    expect((await callUser(t.app, 'payoutHolds', customer.token)).body.data.changes).toEqual([])
  })
})

describe('every security change is mailed', () => {
  async function customerIdOf(email: string) {
    const [row] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email))
    return row!.id
  }

  it('tells the old and the new address of an e-mail change, and both again when the old one undoes it', async () => {
    const customer = await payableBuyer(t)
    const newEmail = uniqueEmail('moved')
    await callUser(t.app, 'startEmailChange', customer.token, { currentPassword: customer.password, newEmail })
    const code = await latestCode(t.db, newEmail)
    expect((await callUser(t.app, 'confirmEmailChange', customer.token, { code })).body).toMatchObject({
      result: true,
    })
    const [toOld] = await mailTo(t.db, customer.email)
    expect(toOld).toMatchObject({ template: 'email_changed' })
    expect(toOld!.text).toContain('a payout to a new wallet waits until then')
    const [toNew] = await mailTo(t.db, newEmail)
    expect(toNew).toMatchObject({
      template: 'email_now_in_use',
      subject: 'This is now the e-mail address of your Helvex account',
    })

    const token = toOld!.text.match(/token=([\w-]+)/)![1]
    const undone = await t.app.inject({
      method: 'POST',
      url: '/v1/public/undoEmailChange',
      payload: { brandName: 'Helvex', token },
    })
    expect(undone.json()).toMatchObject({ result: true, email: customer.email })
    expect((await mailTo(t.db, customer.email))[0]).toMatchObject({ template: 'email_change_undone' })
    expect((await mailTo(t.db, newEmail))[0]).toMatchObject({ template: 'email_change_undone_new' })
    const types = (
      await t.db
        .select({ type: accountEvents.type })
        .from(accountEvents)
        .where(eq(accountEvents.customerId, await customerIdOf(customer.email)))
    ).map((event) => event.type)
    expect(types).toEqual(expect.arrayContaining(['email_changed', 'email_change_undone']))
  })

  it('says in the password notice until when new wallets wait', async () => {
    const customer = await payableBuyer(t)
    await changePassword(customer)
    const until = new Date(t.clock.now().getTime() + 24 * HOUR).toISOString().replace('T', ' ').slice(0, 16)
    const [notice] = await mailTo(t.db, customer.email)
    expect(notice).toMatchObject({ template: 'password_changed' })
    expect(notice!.text).toContain(`until ${until} UTC coins go out only to wallets we have sent your coins to before`)
  })
})

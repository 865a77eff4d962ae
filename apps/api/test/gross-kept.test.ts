import { customerAgreement } from '@exchange/shared/agreement'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadBrand } from '../src/brand'
import { customers } from '../src/db/tables/modules/customers'
import { GROSS_CACHE_MS, createGrossService } from '../src/modules/users/gross.service'
import { loadTrading } from '../src/trading'
import {
  type TestApp,
  callUser,
  declareSourceOfFunds,
  initiateBuy,
  signAgreement,
  signUpVerified,
  twoProcesses,
} from './support'
import { ADA_DETAILS } from './support/customer-fixtures'

/**
 * getGross answers are kept per process until the database announces a change to the customer (decision 058): two
 * apps on one database, as two processes behind one address, on one clock.
 */
describe('getGross answers kept until the customer changes', () => {
  let one: TestApp
  let other: TestApp
  beforeAll(async () => {
    ;[one, other] = await twoProcesses()
    await one.app.jobs.refreshRates()
  })
  afterAll(async () => {
    await other.close()
    await one.close()
  })

  async function customerWhoMayOrder() {
    const customer = await signUpVerified(one)
    await declareSourceOfFunds(one, customer.token)
    await signAgreement(one, customer.token)
    return customer
  }

  async function grossOf(t: TestApp, token: string) {
    const answer = await callUser(t.app, 'getGross', token)
    expect(answer.status).toBe(200)
    return answer.body.data as {
      details: { firstName: string | null; lastName: string | null }
      pendingBalance: string
      openOrder: { orderReference: string }[]
    }
  }

  /** Changes the customer's name with the triggers off, so that no change is announced: what a kept answer hides. */
  async function renameUnannounced(customerId: string, firstName: string) {
    await one.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL session_replication_role = replica`)
      await tx.update(customers).set({ firstName }).where(eq(customers.id, customerId))
    })
  }

  it('keeps an answer in each process, and no longer than the bound when nothing is announced', async () => {
    const customer = await customerWhoMayOrder()
    const [row] = await one.db.select().from(customers).where(eq(customers.email, customer.email))
    expect((await grossOf(other, customer.token)).details.firstName).toBeNull()

    await renameUnannounced(row!.id, 'Unannounced')
    // The other process answers what it kept; this one had kept nothing and reads the row.
    expect((await grossOf(other, customer.token)).details.firstName).toBeNull()
    expect((await grossOf(one, customer.token)).details.firstName).toBe('Unannounced')

    one.clock.advance(GROSS_CACHE_MS - 1)
    expect((await grossOf(other, customer.token)).details.firstName).toBeNull()
    one.clock.advance(1)
    expect((await grossOf(other, customer.token)).details.firstName).toBe('Unannounced')
  })

  it("shows a change made in one process in the other's very next answer", async () => {
    const customer = await customerWhoMayOrder()
    const references: string[] = []
    for (let round = 0; round < 5; round += 1) {
      expect((await grossOf(other, customer.token)).openOrder).toHaveLength(references.length)
      const order = await initiateBuy(one, customer.token, { wallet: '' })
      expect(order.body.result).toBe(true)
      references.push(order.body.data.reference as string)
      const next = await grossOf(other, customer.token)
      expect(next.openOrder.map((open) => open.orderReference).sort()).toEqual([...references].sort())
    }

    for (const firstName of ['Ada', 'Augusta', 'Ada', 'Augusta', 'Ada']) {
      const saved = await callUser(one.app, 'saveClientDetails', customer.token, { ...ADA_DETAILS, firstName })
      expect(saved.body.result).toBe(true)
      expect((await grossOf(other, customer.token)).details).toMatchObject({ firstName, lastName: 'Lovelace' })
    }
  })

  it('never answers from before a change that was committed before the call, with reads in flight meanwhile', async () => {
    const customer = await customerWhoMayOrder()
    let ordered = 0
    for (let round = 0; round < 8; round += 1) {
      // Reads of the other process run while the order is made: some began before it was committed.
      const inFlight = Array.from({ length: 6 }, () => grossOf(other, customer.token))
      const order = await initiateBuy(one, customer.token, { wallet: '' })
      expect(order.body.result).toBe(true)
      ordered += 1
      for (const answer of await Promise.all(inFlight))
        expect(answer.openOrder.length).toBeGreaterThanOrEqual(ordered - 1)
      const [afterwards, again] = await Promise.all([grossOf(other, customer.token), grossOf(other, customer.token)])
      expect(afterwards.openOrder).toHaveLength(ordered)
      expect(again.openOrder).toHaveLength(ordered)
      expect(afterwards.openOrder.map((open) => open.orderReference)).toContain(order.body.data.reference)
    }
  })

  it('answers each customer their own', async () => {
    const first = await customerWhoMayOrder()
    const second = await customerWhoMayOrder()
    expect((await initiateBuy(one, first.token, { wallet: '' })).body.result).toBe(true)
    const [a, b] = await Promise.all([grossOf(other, first.token), grossOf(other, second.token)])
    expect(a.openOrder).toHaveLength(1)
    expect(b.openOrder).toHaveLength(0)
  })

  it('keeps at most the answers it may, forgetting the one kept longest ago', async () => {
    const service = createGrossService({
      db: other.db,
      clock: other.clock,
      trading: loadTrading(undefined),
      agreementVersion: customerAgreement(loadBrand(undefined).company).version,
      maxKept: 2,
    })
    await service.followChanges(other.database)
    try {
      const ids: string[] = []
      for (let index = 0; index < 3; index += 1) {
        const customer = await signUpVerified(one)
        const [row] = await one.db.select().from(customers).where(eq(customers.email, customer.email))
        ids.push(row!.id)
      }
      const [first, second, third] = ids as [string, string, string]
      const firstNameOf = async (id: string) => (await service.gross(id)).details.firstName

      expect([await firstNameOf(first), await firstNameOf(second)]).toEqual([null, null])
      await renameUnannounced(first, 'First')
      await renameUnannounced(second, 'Second')
      // Both kept: the unannounced names are not seen.
      expect([await firstNameOf(first), await firstNameOf(second)]).toEqual([null, null])

      // A third answer kept: the first, kept longest ago, is forgotten and read again; that read forgets the second.
      expect(await firstNameOf(third)).toBeNull()
      expect(await firstNameOf(first)).toBe('First')
      expect(await firstNameOf(second)).toBe('Second')
    } finally {
      await service.close()
    }
  })
})

import { ClientDetails } from '@exchange/shared/clients.schemas'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../src/config/config'
import { customerNameChanges, customers } from '../src/db/tables/modules/customers'
import { createCustomerService } from '../src/modules/customers/customers.service'
import { ADA_DETAILS, callUser, signUpVerified, useTestApp, wireOrderPaid } from './support'

const SECRET = 'test-bank-webhook-secret-0123456789'
const HOUR = 3_600_000
const t = useTestApp({ env: { BANK_WEBHOOK_SECRET: SECRET } })

async function customerIdOf(email: string) {
  const [row] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, email))
  return row!.id
}

async function storedName(email: string) {
  const [row] = await t.db
    .select({ firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(eq(customers.email, email))
  return row
}

async function changesOf(customerId: string) {
  return t.db
    .select()
    .from(customerNameChanges)
    .where(eq(customerNameChanges.customerId, customerId))
    .orderBy(customerNameChanges.id)
}

const rename = (token: string, firstName: string, lastName: string) =>
  callUser(t.app, 'saveClientDetails', token, { ...ADA_DETAILS, firstName, lastName })

/** The customers module as payment intake and the identity module see it, on the test app's database and clock. */
const service = (options: { hours?: number; verified?: boolean } = {}) =>
  createCustomerService({
    db: t.db,
    clock: t.clock,
    nameChangeHoldHours: options.hours ?? 72,
    // Saved here without a request: no visitor country is asked.
    visitorCountryOf: async () => undefined,
    ...(options.verified !== undefined && {
      verifiedNameOf: async () => (options.verified ? { firstName: 'Ada', lastName: 'Lovelace' } : null),
    }),
  })

describe('a customer’s legal name', () => {
  it('can be given and corrected before anything relied on it, and each change is kept with old and new name', async () => {
    const customer = await signUpVerified(t)
    const id = await customerIdOf(customer.email)
    expect((await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)).body).toEqual({ result: true })
    t.clock.advance(60_000)
    expect((await rename(customer.token, 'Ada', 'King')).body).toEqual({ result: true })
    expect(await storedName(customer.email)).toEqual({ firstName: 'Ada', lastName: 'King' })
    const changes = await changesOf(id)
    expect(
      changes.map(({ oldFirstName, oldLastName, newFirstName, newLastName, changedAt }) => ({
        oldFirstName,
        oldLastName,
        newFirstName,
        newLastName,
        changedAt,
      })),
    ).toEqual([
      {
        oldFirstName: null,
        oldLastName: null,
        newFirstName: 'Ada',
        newLastName: 'Lovelace',
        changedAt: expect.any(Date),
      },
      {
        oldFirstName: 'Ada',
        oldLastName: 'Lovelace',
        newFirstName: 'Ada',
        newLastName: 'King',
        changedAt: expect.any(Date),
      },
    ])
    expect(changes[1]!.changedAt.getTime() - changes[0]!.changedAt.getTime()).toBe(60_000)
    expect(await service().nameHistory(id)).toHaveLength(2)
  })

  it('saving the same name again records nothing', async () => {
    const customer = await signUpVerified(t)
    await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
    await callUser(t.app, 'saveClientDetails', customer.token, { ...ADA_DETAILS, city: 'Basel' })
    expect(await changesOf(await customerIdOf(customer.email))).toHaveLength(1)
  })

  it('is frozen once an order of the customer is paid: a rename is refused with name_locked and nothing is stored', async () => {
    const { customer, answer } = await wireOrderPaid(t, SECRET)
    expect(answer.outcome).toBe('matched')
    const id = await customerIdOf(customer.email)
    const before = await changesOf(id)

    const refused = await rename(customer.token, 'Charles', 'Babbage')
    expect(refused).toEqual({ status: 200, body: { result: false, error: 'name_locked' } })
    expect(await storedName(customer.email)).toEqual({ firstName: 'Ada', lastName: 'Lovelace' })
    expect(await changesOf(id)).toEqual(before)
    expect(await service().nameFrozenBecause(id)).toBe('order_paid')

    // The rest of the details stay the customer's to keep current.
    const moved = await callUser(t.app, 'saveClientDetails', customer.token, { ...ADA_DETAILS, city: 'Basel' })
    expect(moved.body).toEqual({ result: true })
    const [row] = await t.db.select({ city: customers.city }).from(customers).where(eq(customers.id, id))
    expect(row?.city).toBe('Basel')
  })

  it('is frozen while a payment from another name is under review', async () => {
    const { customer, answer } = await wireOrderPaid(t, SECRET, 'Charles Babbage')
    expect(answer.outcome).toBe('held_name_mismatch')
    expect((await rename(customer.token, 'Charles', 'Babbage')).body).toEqual({ result: false, error: 'name_locked' })
    expect(await storedName(customer.email)).toEqual({ firstName: 'Ada', lastName: 'Lovelace' })
    expect(await service().nameFrozenBecause(await customerIdOf(customer.email))).toBe('payment_under_review')
  })

  it('is frozen once an identity check confirmed it (the identity module answers through the seam)', async () => {
    const customer = await signUpVerified(t)
    await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
    const id = await customerIdOf(customer.email)
    await expect(
      service({ verified: true }).saveClientDetails(id, ClientDetails.parse({ ...ADA_DETAILS, lastName: 'Byron' })),
    ).rejects.toMatchObject({
      code: 'name_locked',
    })
    expect(await service({ verified: true }).nameFrozenBecause(id)).toBe('identity_verified')
    expect(await service({ verified: false }).nameFrozenBecause(id)).toBeNull()
    expect(await storedName(customer.email)).toEqual({ firstName: 'Ada', lastName: 'Lovelace' })
  })

  it('keeps its history append-only: the database refuses to rewrite or delete a recorded change', async () => {
    const customer = await signUpVerified(t)
    await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
    const id = await customerIdOf(customer.email)
    await expect(
      t.db.execute(sql`update customer_name_changes set new_last_name = 'Forged' where customer_id = ${id}`),
    ).rejects.toThrow()
    await expect(t.db.execute(sql`delete from customer_name_changes where customer_id = ${id}`)).rejects.toThrow()
    expect((await changesOf(id))[0]?.newLastName).toBe('Lovelace')
  })

  it('two renames at once are both kept, each from the name the other left', async () => {
    const customer = await signUpVerified(t)
    await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
    const answers = await Promise.all([rename(customer.token, 'Ada', 'King'), rename(customer.token, 'Ada', 'Byron')])
    expect(answers.map((answer) => answer.body)).toEqual([{ result: true }, { result: true }])
    const [, first, second] = await changesOf(await customerIdOf(customer.email))
    expect(second?.oldLastName).toBe(first?.newLastName)
    expect((await storedName(customer.email))?.lastName).toBe(second?.newLastName)
  })
})

describe('did the customer’s name change lately (payment intake holds payments after a rename)', () => {
  it('answers yes within the hold time after a rename, and no once it has passed', async () => {
    const customer = await signUpVerified(t)
    await callUser(t.app, 'saveClientDetails', customer.token, ADA_DETAILS)
    const id = await customerIdOf(customer.email)
    const customersModule = service({ hours: 72 })
    // Giving a name for the first time is not a change of name.
    expect(await customersModule.nameChangedWithin(id)).toBe(false)

    await rename(customer.token, 'Charles', 'Babbage')
    expect(await customersModule.nameChangedWithin(id)).toBe(true)
    t.clock.advance(71 * HOUR)
    expect(await customersModule.nameChangedWithin(id)).toBe(true)
    expect(await customersModule.nameChangedWithin(id, { hours: 24 })).toBe(false)
    t.clock.advance(2 * HOUR)
    expect(await customersModule.nameChangedWithin(id)).toBe(false)
  })

  it('reads its default hold time from NAME_CHANGE_HOLD_HOURS (72 unless set) and refuses a nonsense value', () => {
    expect(loadConfig({}).nameChangeHoldHours).toBe(72)
    expect(loadConfig({ NAME_CHANGE_HOLD_HOURS: '24' }).nameChangeHoldHours).toBe(24)
    expect(() => loadConfig({ NAME_CHANGE_HOLD_HOURS: 'soon' })).toThrow(/NAME_CHANGE_HOLD_HOURS/)
  })
})

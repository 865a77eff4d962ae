import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { supportTickets } from '../src/db/tables/modules/support'
import { type TestApp, buildTestApp, callUser, signUpVerified } from '../test/support'

/** Two api processes on one PostgreSQL database, each with its own connection pool and one signing key. */
let one: TestApp
let two: TestApp
beforeAll(async () => {
  const env = { JWT_SECRET: 'two-processes-share-this-signing-key-of-48-chars' }
  one = await buildTestApp({ env })
  two = await buildTestApp({ env, sameDatabaseAs: one, clock: one.clock })
})
afterAll(async () => {
  await two.close()
  await one.close()
})

describe('ticket numbers', () => {
  it('are never shared by two requests opened at the same moment through two processes', async () => {
    const first = await signUpVerified(one)
    const second = await signUpVerified(one)
    const opened = await Promise.all(
      [1, 2, 3, 4].flatMap(() => [
        callUser(one.app, 'openTicket', first.token, { topic: 'order', message: 'Where is my order?' }),
        callUser(two.app, 'openTicket', second.token, { topic: 'complaint', message: 'I was charged twice.' }),
      ]),
    )
    const numbers = opened.map((answer) => {
      expect(answer.status).toBe(200)
      return answer.body.data.number as string
    })
    expect(new Set(numbers).size).toBe(numbers.length)
    const stored = await one.db.select({ serial: supportTickets.serial }).from(supportTickets)
    expect(stored).toHaveLength(numbers.length)
    expect(new Set(stored.map((row) => row.serial)).size).toBe(numbers.length)
  })
})

import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { partnerSessions } from '../src/db/tables/modules/partners'
import { COMPANY, type TestApp, buildTestApp } from '../test/support'
import { openPartnerVisit, registerPartner } from '../test/support/partners'
import { type ApiProcess, DEPLOYMENT_SECRETS, startApiProcess } from './api-process'

const ROUNDS = 5

let t: TestApp
let servers: ApiProcess[] = []
beforeAll(async () => {
  t = await buildTestApp({ env: DEPLOYMENT_SECRETS })
  // The servers run on the real clock: the links are made for it.
  t.clock.set(new Date())
  servers = await Promise.all([startApiProcess(t.databaseUrl!), startApiProcess(t.databaseUrl!)])
}, 240_000)
afterAll(async () => {
  for (const server of servers) if (server.running()) server.signal('SIGKILL')
  await t.close()
})

describe('on PostgreSQL, one partner link claimed by two servers at once', () => {
  it('is claimed by exactly one: the other is told it is used, and one entry is stored', async () => {
    const partner = await registerPartner(t)
    for (let round = 0; round < ROUNDS; round += 1) {
      t.clock.set(new Date())
      const { token, visit } = await openPartnerVisit(t, partner)
      const answers = await Promise.all(
        servers.map((server) =>
          server.callPublic('mplogin', { companyDetails: COMPANY, step: 'claim', partner: partner.slug, token }),
        ),
      )
      const won = answers.filter((answer) => answer.status === 200)
      expect(won).toHaveLength(1)
      expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body)).toEqual([
        { result: false, error: 'mp_link_used' },
      ])
      const entry = (won[0]!.body as { data: { entry: string } }).data.entry
      const [row] = await t.db.select().from(partnerSessions).where(eq(partnerSessions.id, visit.id))
      expect(row?.entryHash).toBe(createHash('sha256').update(entry).digest('hex'))
      expect(row?.claimedIp).toBe('127.0.0.1')
    }
  })
})

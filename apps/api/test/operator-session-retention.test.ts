import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { operatorSessions } from '../src/db/tables/modules/operator'
import { operatorSession, useTestApp } from './support'

const t = useTestApp()
const DAY = 86_400_000

const sessionsOf = (operatorId: string) =>
  t.db.select().from(operatorSessions).where(eq(operatorSessions.operatorId, operatorId))

const signOut = (headers: { cookie: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/operator/logout',
    headers: { ...headers, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
  })

describe("the operators' ended sessions (decision 133)", () => {
  it('are deleted 30 days after they ended or expired; live and recent ones stay', async () => {
    const left = await operatorSession(t, ['support'])
    expect((await signOut(left.headers)).statusCode).toBe(303)
    const lapsed = await operatorSession(t, ['finance'])
    expect(await sessionsOf(left.id)).not.toEqual([])

    t.clock.advance(29 * DAY)
    await t.app.jobs.runQueued('forget-operator-sessions')
    expect(await sessionsOf(left.id)).not.toEqual([])
    expect(await sessionsOf(lapsed.id)).not.toEqual([])

    t.clock.advance(2 * DAY)
    const working = await operatorSession(t, ['compliance'])
    await lapsed.renew()
    await t.app.jobs.runQueued('forget-operator-sessions')
    expect(await sessionsOf(left.id)).toEqual([])
    // The lapsed operator's old sessions went; the one they opened today stays and still opens the pages.
    const kept = await sessionsOf(lapsed.id)
    expect(kept.length).toBeGreaterThan(0)
    expect(kept.every((session) => session.createdAt.getTime() >= t.clock.now().getTime() - DAY)).toBe(true)
    expect((await sessionsOf(working.id)).some((session) => session.endedAt === null)).toBe(true)
    const page = await t.app.inject({ method: 'GET', url: '/operator/api/me', headers: working.headers })
    expect(page.statusCode).toBe(200)
  })
})

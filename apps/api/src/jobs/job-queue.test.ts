import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../db/client'
import { type JobQueue, createJobQueue } from './job-queue'

describe('a job sent inside a transaction', () => {
  let database: DatabaseHandle
  let queue: JobQueue
  const ran: unknown[] = []
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: undefined })
    queue = createJobQueue({ database, log: pino({ level: 'silent' }), supervise: false })
    queue.define({
      name: 'note',
      retryLimit: 0,
      retryDelaySeconds: 0,
      timeoutSeconds: 5,
      pollSeconds: 1,
      run: async (data) => void ran.push(data),
    })
    await queue.start()
  })
  afterAll(async () => {
    await queue.stop()
    await database.close()
  })

  it('exists only if the transaction commits', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await queue.send('note', { n: 1 }, tx)
        throw new Error('the state change failed')
      }),
    ).rejects.toThrow('the state change failed')
    await database.db.transaction(async (tx) => {
      await queue.send('note', { n: 2 }, tx)
    })
    expect(await queue.runPending('note')).toBe(1)
    expect(ran).toEqual([{ n: 2 }])
  })
})

import { readFileSync, readdirSync } from 'node:fs'
import { Worker } from 'node:worker_threads'
import { hash } from '@node-rs/argon2'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_HASH_CONCURRENCY, DEFAULT_HASH_MAX_WAIT_MS } from '../../config/security.settings'
import {
  configurePasswordHashing,
  hashPassword,
  passwordHashLoad,
  passwordHashWorkers,
  requireHashThreadFile,
  verifyDecoyPassword,
  verifyPassword,
} from './passwords'

/** A hash stored before decision 059, made by the same library on libuv's thread pool with the same parameters. */
const HASHED_BEFORE =
  '$argon2id$v=19$m=19456,t=2,p=1$OUK9Yazj1NHAMAGD94g60Q$8eSBpxYM0ZLNmOezILIDyFJvxNYMED5To6Jo9y+ZT2c'
const BUSY = { code: 'service_unavailable', statusCode: 503, retryAfterSeconds: 2 }

/** Linux's scheduling classes, as `/proc` writes them. */
const SCHED_OTHER = 0
const SCHED_IDLE = 5

/** The nice value and scheduling class of each thread of this process, by thread id (Linux). */
function schedulingByThread(): Map<number, { nice: number; policy: number }> {
  const threads = new Map<number, { nice: number; policy: number }>()
  for (const tid of readdirSync(`/proc/${process.pid}/task`)) {
    const stat = readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8')
    // Fields after the command's closing parenthesis: the nice value is the 19th field of the line, the class the 41st.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    threads.set(Number(tid), { nice: Number(fields[16]), policy: Number(fields[38]) })
  }
  return threads
}

// One hash at a time, and a wait no test reaches: what runs is decided by the gate alone, never by the clock.
beforeEach(() => configurePasswordHashing({ concurrency: 1, maxWaitMs: 60_000 }))
afterAll(() => configurePasswordHashing({ concurrency: DEFAULT_HASH_CONCURRENCY, maxWaitMs: DEFAULT_HASH_MAX_WAIT_MS }))

describe('password hashes in a thread of their own', () => {
  it('are argon2id with OWASP parameters, in the stored format of before, and check the password', async () => {
    const stored = await hashPassword('correct horse')
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/)
    expect(await verifyPassword(stored, 'correct horse')).toBe(true)
    expect(await verifyPassword(stored, 'correct horse ')).toBe(false)
  })

  it('check hashes stored before they ran in a thread, and those made by the library on the thread pool', async () => {
    expect(await verifyPassword(HASHED_BEFORE, 'hashed before decision 059')).toBe(true)
    expect(await verifyPassword(HASHED_BEFORE, 'hashed after')).toBe(false)
    const onThePool = await hash('made on the pool', { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 })
    expect(await verifyPassword(onThePool, 'made on the pool')).toBe(true)
  })

  it('match no password against a stored hash argon2 cannot read', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false)
    expect(await verifyPassword('$argon2id$v=19$m=19456,t=2,p=1$broken', 'anything')).toBe(false)
  })

  it.runIf(process.platform === 'linux')(
    'run at the lowest priority and in the idle class, while the event loop keeps the priority it had',
    async () => {
      const before = schedulingByThread().get(process.pid)
      await hashPassword('a password')
      const threads = schedulingByThread()
      expect(threads.get(process.pid)).toEqual(before)
      expect(before?.policy).toBe(SCHED_OTHER)
      const hashing = [...threads.values()].filter(({ nice }) => nice === 19)
      expect(hashing.length).toBeGreaterThanOrEqual(1)
      // util-linux's chrt is part of every Debian system (decision 065).
      expect(hashing.map(({ policy }) => policy)).toEqual(hashing.map(() => SCHED_IDLE))
    },
  )

  it.runIf(process.platform === 'linux')(
    'stay at nice 19, and hash, where chrt cannot be found to put the thread in the idle class',
    async () => {
      const before = new Set(schedulingByThread().keys())
      const worker = new Worker(new URL('./password-hash.worker.mjs', import.meta.url), {
        workerData: { chrtPaths: ['/nonexistent/chrt'] },
      })
      try {
        const answer = await new Promise((resolve, reject) => {
          worker.once('message', resolve)
          worker.once('error', reject)
          worker.postMessage({ kind: 'verify', storedHash: HASHED_BEFORE, password: 'hashed before decision 059' })
        })
        expect(answer).toEqual({ ok: true, value: true })
        const started = [...schedulingByThread()].filter(([tid, { nice }]) => !before.has(tid) && nice === 19)
        expect(started.map(([, { policy }]) => policy)).toEqual([SCHED_OTHER])
      } finally {
        await worker.terminate()
      }
    },
  )

  it('answer "busy, try again" when the thread ends before answering, and the next hash runs on a new thread', async () => {
    // The job is handed to the thread as the call is made: ending every thread now ends the one hashing it.
    const pending = hashPassword('a password')
    const ended = passwordHashWorkers()
    expect(ended.length).toBeGreaterThanOrEqual(1)
    await Promise.all(ended.map((worker) => worker.terminate()))
    await expect(pending).rejects.toMatchObject(BUSY)
    expect(passwordHashLoad()).toEqual({ running: 0, waiting: 0 })

    const stored = await hashPassword('a password')
    expect(await verifyPassword(stored, 'a password')).toBe(true)
    expect(passwordHashWorkers().some((worker) => ended.includes(worker))).toBe(false)
  })

  it('make the decoy of an unknown e-mail again when the first try to make it failed', async () => {
    const first = verifyDecoyPassword('a guess')
    await Promise.all(passwordHashWorkers().map((worker) => worker.terminate()))
    // Refused as busy if the decoy was being made; false if another test of this worker had made it already.
    expect(await first.catch((error: unknown) => error)).toSatisfy(
      (outcome) => outcome === false || (outcome as { code?: string }).code === 'service_unavailable',
    )
    expect(await verifyDecoyPassword('a guess')).toBe(false)
  })

  it("refuse to start without the thread's file, naming it", () => {
    expect(() => requireHashThreadFile()).not.toThrow()
    const missing = new URL('./no-such-hash-thread.mjs', import.meta.url)
    expect(() => requireHashThreadFile(missing)).toThrow(
      `The password hash thread's file is missing: ${missing.pathname} (build it beside the server)`,
    )
  })
})

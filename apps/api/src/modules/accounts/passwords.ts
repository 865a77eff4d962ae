import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { DEFAULT_HASH_CONCURRENCY, DEFAULT_HASH_MAX_WAIT_MS } from '../../config/security.settings'
import { AppError } from '../../errors'
import { BUSY_RETRY_AFTER_SECONDS, createHashGate, type HashGate, type HashGateOptions } from './hash-gate'

/** `Algorithm.Argon2id`; the package exports it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2

/** OWASP's argon2id minimum (19 MiB, 2 passes); run in a thread of its own at the lowest priority, off the event loop. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

/** Beside this file in the sources; beside `dist/server.js`, where this module's code is bundled, in the build. */
const WORKER_FILE = new URL('./password-hash.worker.mjs', import.meta.url)

/** What `password-hash.worker.mjs` is asked, one job at a time per thread. */
type PasswordHashJob =
  | { kind: 'hash'; password: string; options: typeof ARGON2_OPTIONS }
  | { kind: 'verify'; storedHash: string; password: string }
/** `failed`: argon2 refused the input (a stored hash it cannot read); the thread itself is fine. */
type PasswordHashAnswer = { ok: true; value: string | boolean } | { ok: false; failed: string }

interface HashThread {
  worker: Worker
  job: { resolve(answer: PasswordHashAnswer): void; reject(error: AppError): void } | undefined
}

/**
 * Threads that hash at the lowest priority (decision 059): the event loop always wins the CPU, and a hash takes what
 * is left. The gate decides how many hashes run at once; a thread is started for each (at first use) and kept, so
 * there are as many threads as the gate lets hashes run. A thread that ends without answering (a crash) fails its
 * call with "busy, try again" (503) and is replaced at the next hash. An idle thread keeps no process alive.
 */
function createHashThreads(maxIdle: () => number) {
  const threads = new Set<HashThread>()
  const idle: HashThread[] = []

  function start(): HashThread {
    const thread: HashThread = { worker: new Worker(WORKER_FILE), job: undefined }
    threads.add(thread)
    thread.worker.on('message', (answer: PasswordHashAnswer) => {
      const job = thread.job
      thread.job = undefined
      thread.worker.unref()
      // Fewer hashes may run at once since this thread started (a new gate): the thread beyond them ends.
      if (idle.length + 1 > maxIdle()) void thread.worker.terminate()
      else idle.push(thread)
      job?.resolve(answer)
    })
    let crash: unknown
    thread.worker.on('error', (error) => (crash = error))
    thread.worker.on('exit', (exitCode) => {
      threads.delete(thread)
      const index = idle.indexOf(thread)
      if (index >= 0) idle.splice(index, 1)
      const job = thread.job
      thread.job = undefined
      job?.reject(
        new AppError('service_unavailable', 503, {
          retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
          cause: crash ?? new Error(`the password hash thread ended (exit code ${exitCode})`),
        }),
      )
    })
    return thread
  }

  function run(job: PasswordHashJob): Promise<PasswordHashAnswer> {
    const thread = idle.pop() ?? start()
    return new Promise((resolve, reject) => {
      thread.job = { resolve, reject }
      thread.worker.ref()
      thread.worker.postMessage(job)
    })
  }

  return {
    run,
    get workers(): readonly Worker[] {
      return [...threads].map((thread) => thread.worker)
    },
  }
}

/**
 * The CPU and the hash threads belong to the process, so the gate does too: every app built in this process shares
 * it, and the last configuration given wins (one app per process outside tests).
 */
let gate: HashGate = createHashGate({ concurrency: DEFAULT_HASH_CONCURRENCY, maxWaitMs: DEFAULT_HASH_MAX_WAIT_MS })
let concurrency = DEFAULT_HASH_CONCURRENCY
const hashThreads = createHashThreads(() => concurrency)

/** Without its file no password could be checked: the app refuses to start rather than answer every login "try again". */
export function requireHashThreadFile(file: URL = WORKER_FILE): void {
  if (!existsSync(file)) {
    throw new Error(`The password hash thread's file is missing: ${fileURLToPath(file)} (build it beside the server)`)
  }
}

export function configurePasswordHashing(options: HashGateOptions): void {
  requireHashThreadFile()
  gate = createHashGate(options)
  concurrency = options.concurrency
}

/** The threads that hash now, busy or idle (tests end one to see what a crash answers). */
export function passwordHashWorkers(): readonly Worker[] {
  return hashThreads.workers
}

/** Hashes running and waiting in the gate now (tests). */
export function passwordHashLoad(): HashGate['load'] {
  return gate.load
}

export function hashPassword(password: string): Promise<string> {
  return gate.run(async () => {
    const answer = await hashThreads.run({ kind: 'hash', password, options: ARGON2_OPTIONS })
    if (!answer.ok) throw new Error(`password hash failed: ${answer.failed}`)
    return answer.value as string
  })
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return gate.run(async () => {
    const answer = await hashThreads.run({ kind: 'verify', storedHash, password })
    // A stored hash argon2 cannot read matches no password.
    return answer.ok && answer.value === true
  })
}

/**
 * A hash of a password nobody has, checked when the e-mail is unknown, so that an unknown e-mail and a
 * wrong password take the same time.
 */
let decoyHash: Promise<string> | undefined
export function verifyDecoyPassword(password: string): Promise<boolean> {
  if (!decoyHash) {
    const made = hashPassword('decoy-password-that-never-matches')
    decoyHash = made
    // A decoy that could not be made (busy, a crashed thread) is made again by the next unknown e-mail.
    made.catch(() => {
      if (decoyHash === made) decoyHash = undefined
    })
  }
  return decoyHash.then((stored) => verifyPassword(stored, password)).then(() => false)
}

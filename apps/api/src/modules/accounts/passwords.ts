import { availableParallelism } from 'node:os'
import { hash, verify } from '@node-rs/argon2'
import { createHashGate, type HashGate, type HashGateOptions } from './hash-gate'

/** `Algorithm.Argon2id`; the package exports it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2

/** OWASP's argon2id minimum (19 MiB, 2 passes); @node-rs/argon2 runs it on libuv's thread pool, off the event loop. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

/** One core is left to the event loop: a burst of logins queues instead of slowing every other call. */
export const DEFAULT_HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1)
export const DEFAULT_HASH_MAX_WAIT_MS = 3_000

/**
 * The CPU and libuv's threads belong to the process, so the gate does too: every app built in this process shares it,
 * and the last configuration given wins (one app per process outside tests).
 */
let gate: HashGate = createHashGate({ concurrency: DEFAULT_HASH_CONCURRENCY, maxWaitMs: DEFAULT_HASH_MAX_WAIT_MS })

export function configurePasswordHashing(options: HashGateOptions): void {
  gate = createHashGate(options)
}

export function hashPassword(password: string): Promise<string> {
  return gate.run(() => hash(password, ARGON2_OPTIONS))
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  return gate.run(async () => {
    try {
      return await verify(storedHash, password)
    } catch {
      return false
    }
  })
}

/**
 * A hash of a password nobody has, checked when the e-mail is unknown, so that an unknown e-mail and a
 * wrong password take the same time.
 */
let decoyHash: Promise<string> | undefined
export function verifyDecoyPassword(password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy-password-that-never-matches')
  return decoyHash.then((stored) => verifyPassword(stored, password)).then(() => false)
}

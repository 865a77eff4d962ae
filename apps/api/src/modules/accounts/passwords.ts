import { hash, verify } from '@node-rs/argon2'

/** `Algorithm.Argon2id`; the package exports it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2

/** OWASP's argon2id minimum (19 MiB, 2 passes); @node-rs/argon2 runs it on libuv's thread pool, off the event loop. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS)
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password)
  } catch {
    return false
  }
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

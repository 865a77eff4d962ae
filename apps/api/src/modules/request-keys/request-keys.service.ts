import { createHmac } from 'node:crypto'
import { and, eq, isNull, lt } from 'drizzle-orm'
import { IDEMPOTENCY_KEY_HOURS } from '@exchange/shared/constants'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { requestKeys } from '../../db/tables/modules/request-keys'
import { AppError } from '../../errors'

/** One request sent with an Idempotency-Key: the call, who sent it (none on a public call), the key and the body. */
export interface KeyedRequest {
  call: string
  customerId: string | null
  key: string
  body: unknown
}

/**
 * What a service does with a keyed request, inside the transaction of the call's effect: the key is taken by the
 * transaction's first write and the outcome kept by its last, so the effect and its kept answer commit together or not
 * at all. The outcome must be plain JSON: a retry is answered from the stored copy.
 */
export interface KeyedCall<T> {
  within(tx: Database, effect: () => Promise<T>): Promise<T>
}

/** Runs `effect` in `tx` once per key when the request carries one (decision 092); else as it is. */
export function onceWithin<T>(tx: Database, keyed: KeyedCall<T> | undefined, effect: () => Promise<T>): Promise<T> {
  return keyed ? keyed.within(tx, effect) : effect()
}

/** The key was taken by another request that committed first: this transaction ends, and that request's answer counts. */
class KeyTakenMeanwhile extends Error {
  constructor() {
    super('the idempotency key was taken by a request that committed first')
    this.name = 'KeyTakenMeanwhile'
  }
}

/** JSON with the keys of every object in order: the same body digests the same whatever order its fields came in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

export type RequestKeyService = ReturnType<typeof createRequestKeyService>

/**
 * Calls made safe to send twice (decision 092). Owns `request_keys`. A request with a key whose first request answered
 * gets that answer; one whose first request is still running waits for it (on the key's unique index, in the
 * database, so in any number of processes) and then gets its answer, or runs if that one failed. A failed request
 * keeps nothing: its transaction, and with it the key, is rolled back, and a retry runs again.
 */
export function createRequestKeyService({ db, clock, digestKey }: { db: Database; clock: Clock; digestKey: Buffer }) {
  const digestOf = (body: unknown) => createHmac('sha256', digestKey).update(canonicalJson(body)).digest('hex')

  async function findKept(request: KeyedRequest) {
    const [kept] = await db
      .select({ bodyDigest: requestKeys.bodyDigest, outcome: requestKeys.outcome })
      .from(requestKeys)
      .where(
        and(
          eq(requestKeys.call, request.call),
          request.customerId === null ? isNull(requestKeys.customerId) : eq(requestKeys.customerId, request.customerId),
          eq(requestKeys.key, request.key),
        ),
      )
    return kept
  }

  function keptAnswer<T>(kept: { bodyDigest: string; outcome: unknown }, digest: string) {
    // The same key for another body is a client's mistake, not a retry: nothing runs, nothing is stored.
    if (kept.bodyDigest !== digest) throw new AppError('idempotency_key_reused', 422)
    return { outcome: kept.outcome as T, replayed: true }
  }

  /**
   * Runs a keyed request through `run`, which hands `KeyedCall` to the service, or answers the kept outcome of the
   * key's first request (`replayed`).
   */
  async function once<T>(
    request: KeyedRequest,
    run: (keyed: KeyedCall<T>) => Promise<T>,
  ): Promise<{ outcome: T; replayed: boolean }> {
    const digest = digestOf(request.body)
    const kept = await findKept(request)
    if (kept) return keptAnswer<T>(kept, digest)
    const keyed: KeyedCall<T> = {
      async within(tx, effect) {
        // A first request with this key still in its transaction holds the index entry: this insert waits for it to
        // end, then inserts (it failed) or does nothing (it committed).
        const [taken] = await tx
          .insert(requestKeys)
          .values({ ...request, bodyDigest: digest, createdAt: clock.now() })
          .onConflictDoNothing()
          .returning({ id: requestKeys.id })
        if (!taken) throw new KeyTakenMeanwhile()
        const outcome = await effect()
        await tx
          .update(requestKeys)
          .set({ outcome: outcome ?? null })
          .where(eq(requestKeys.id, taken.id))
        return outcome
      },
    }
    try {
      return { outcome: await run(keyed), replayed: false }
    } catch (error) {
      // The first request committed while this one ran (a sign-up then finds its e-mail registered): its answer is
      // this one's too.
      const answered =
        error instanceof KeyTakenMeanwhile || error instanceof AppError ? await findKept(request) : undefined
      if (answered) return keptAnswer<T>(answered, digest)
      throw error
    }
  }

  /** The recurring job: keys older than IDEMPOTENCY_KEY_HOURS are forgotten; a request with one runs as new. */
  async function forgetOldKeys(): Promise<number> {
    const before = new Date(clock.now().getTime() - IDEMPOTENCY_KEY_HOURS * 3_600_000)
    const forgotten = await db
      .delete(requestKeys)
      .where(lt(requestKeys.createdAt, before))
      .returning({ id: requestKeys.id })
    return forgotten.length
  }

  return { once, forgetOldKeys }
}

import { eq, sql } from 'drizzle-orm'
import { clientErrors } from '../../db/tables/modules/error-log'
import type { ClientErrorRow, ErrorLogDeps } from './error-log-deps'

/** Longest one try may take, the answer included; the job's own timeout is longer. */
const FORWARD_TRY_TIMEOUT_MS = 10_000

/**
 * What the webhook gets (spec section 7: an error and brandName): the scrubbed entry as stored, without the customer
 * it came from; nothing the api holds secret.
 */
function bodyOf(brandName: string, row: ClientErrorRow): string {
  return JSON.stringify({
    brandName,
    error: {
      id: row.id,
      at: row.createdAt.toISOString(),
      source: row.source,
      message: row.message,
      stack: row.stack,
      path: row.path,
      call: row.call,
      error: row.error,
      signedIn: row.customerId !== null,
    },
  })
}

/** The answer's status, or why there was none: the address may hold a token of the log service, so only the kind. */
async function post(url: string, body: string): Promise<number | string> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(FORWARD_TRY_TIMEOUT_MS),
    })
    await response.body?.cancel()
    return response.status
  } catch (error) {
    return error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'no answer'
  }
}

/**
 * One try of the `forward-error` job: POSTs the entry to the webhook, and marks it forwarded on a 2xx. Anything else
 * throws, and the queue tries again after a growing wait (decision 120). An entry already forwarded (a job run again),
 * pruned meanwhile, or a webhook unset since is left be.
 */
export async function forwardError(deps: ErrorLogDeps, errorId: string): Promise<void> {
  if (!deps.webhookUrl) return
  const [row] = await deps.db
    .update(clientErrors)
    .set({ forwardTries: sql`${clientErrors.forwardTries} + 1` })
    .where(eq(clientErrors.id, errorId))
    .returning()
  if (!row || row.forwardedAt) return
  const status = await post(deps.webhookUrl, bodyOf(deps.brandName, row))
  if (typeof status === 'string') throw new Error(`error-log webhook: ${status}`)
  if (status < 200 || status >= 300) throw new Error(`error-log webhook answered ${status}`)
  await deps.db.update(clientErrors).set({ forwardedAt: deps.clock.now() }).where(eq(clientErrors.id, errorId))
}

import { claimDue, recordTry, sendOnce } from './delivery'
import type { PartnerEventRow, PartnerWebhookDeps } from './partner-webhooks-deps'

/** Notices out at once in one run, across partners. */
const RUN_CONCURRENCY = 16
/**
 * A run claims no more after this long (real time, one period of the job); what it holds it finishes (10 s a try at
 * most). The next run takes the rest. Short, because a process runs the job once before it serves its first request.
 */
const RUN_CLAIMS_FOR_MS = 5_000

async function deliverClaimed(deps: PartnerWebhookDeps, event: PartnerEventRow): Promise<void> {
  await recordTry(deps, event, await sendOnce(deps, event), false)
}

/**
 * One run of the delivery job: claims the due notices and sends them at once, a new claim each time one is done (the
 * next notice of an order is due as soon as the one before it is delivered). A partner whose endpoint hangs holds at
 * most IN_FLIGHT_PER_PARTNER of the slots; the others keep going. Answers how many tries were made.
 */
export async function deliverDue(deps: PartnerWebhookDeps): Promise<number> {
  const started = performance.now()
  const out = new Set<Promise<void>>()
  let tries = 0
  // A try whose outcome could not be stored keeps its lease until it lapses, then is tried again: the run goes on and
  // fails at its end, so the queue logs it.
  let failure: unknown
  for (;;) {
    const claiming = performance.now() - started < RUN_CLAIMS_FOR_MS
    const claimed = claiming ? await claimDue(deps, RUN_CONCURRENCY - out.size) : []
    for (const event of claimed) {
      const sending: Promise<void> = deliverClaimed(deps, event)
        .catch((error: unknown) => void (failure ??= error))
        .finally(() => out.delete(sending))
      out.add(sending)
      tries += 1
    }
    if (out.size === 0) {
      if (failure) throw failure
      return tries
    }
    await Promise.race(out)
  }
}

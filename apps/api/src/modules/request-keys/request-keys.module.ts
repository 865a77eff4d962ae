import { type Core, type ModuleParts, recurringJob } from '../module-kit'
import { createAnswerOnce } from './answer-once'
import { createRequestKeyService } from './request-keys.service'

/** How often the Idempotency-Keys past their day are forgotten (decision 092). */
const FORGET_REQUEST_KEYS_SECONDS = 3600

/** Calls safe to send twice: a retry with the first request's Idempotency-Key gets its answer (decision 092). */
export function requestKeysModule({ db, clock, secrets }: Core) {
  const requestKeys = createRequestKeyService({ db, clock, digestKey: secrets.requestDigestKey })
  const parts: ModuleParts = {
    jobs: [recurringJob('forget-request-keys', FORGET_REQUEST_KEYS_SECONDS, 60, requestKeys.forgetOldKeys)],
  }
  return { answerOnce: createAnswerOnce(requestKeys), parts }
}

import { CODE_RESEND_COOLDOWN_SECONDS } from '@exchange/shared/constants'
import { AppError } from '../../errors'
import type { RequestOrigin } from '../sessions/sessions.service'
import type { AccountServiceDeps } from './account-deps'
import { codeAsker, findCustomer, queueIssueCode, recordJobEvent } from './account-records'
import { type CodeRequester, codesPaused, takeCodeRequest } from './code-budgets'
import { issueCode, latestActiveCode, sendCode } from './codes-store'
import type { IssueCodeJobData } from './issue-code-job'

/**
 * Sends the code of /code again: the purpose of the code the customer is waiting for, or an e-mail confirmation
 * for an unconfirmed account. The answer comes from the e-mail's budget alone, kept for any e-mail, and a job is
 * queued for any e-mail (issue-code-job.ts): an unknown e-mail gets the same answer, after the same work, and no
 * mail. The budget and the job are stored together, so a charged request is never left without its code.
 */
export async function resendCode(
  deps: AccountServiceDeps,
  email: string,
  origin: RequestOrigin,
  deviceToken: string | undefined,
): Promise<{ retryAfterSeconds: number }> {
  const { db, clock } = deps
  const customer = await findCustomer(db, email)
  const pending = await latestActiveCode(db, email, ['verify_email', 'login'])
  const waitedFor = pending?.purpose === 'login' || pending?.purpose === 'verify_email' ? pending.purpose : undefined
  const purpose = waitedFor ?? (customer?.emailVerifiedAt ? 'login' : 'verify_email')
  const { requester, owner } = await codeAsker(deps, email, pending, origin, deviceToken)
  const taken = await db.transaction(async (tx) => {
    const taken = await takeCodeRequest(tx, email, purpose, clock.now(), requester)
    if (taken.ok) await queueIssueCode(deps, { kind: 'resend', email, purpose, ip: origin.ip, ...owner }, tx)
    return taken
  })
  if (!taken.ok) throw new AppError(taken.refusal.error, 429, { retryAfterSeconds: taken.refusal.retryAfterSeconds })
  return { retryAfterSeconds: CODE_RESEND_COOLDOWN_SECONDS }
}

/** Whom a queued code belongs to; a job queued before decision 074 names only its asker's address. */
function codeOwnerOf(job: { ip: string; requestedBy?: string | undefined; byOwner: boolean }): CodeRequester {
  return { key: job.requestedBy ?? `ip:${job.ip}`, owner: job.byOwner }
}

/**
 * The issue-code job (issue-code-job.ts): nothing for an unknown e-mail; for an account, the event, the code and
 * its mail in one transaction, once per job (the event carries the job's id).
 */
export async function issueQueuedCode(deps: AccountServiceDeps, job: IssueCodeJobData, jobId: string): Promise<void> {
  const { db, clock, mail } = deps
  const { email } = job
  await db.transaction(async (tx) => {
    const customer = await findCustomer(tx, email)
    if (!customer) return
    const now = clock.now()
    const about = { email, customerId: customer.id, ip: job.ip }
    if (job.kind === 'password_guessing') {
      if (!(await recordJobEvent(deps, tx, jobId, { type: 'password_guessing_noticed', ...about }))) return
      await mail.sendPasswordGuessing(email, tx)
      return
    }
    if (job.kind === 'codes_paused') {
      const paused = await codesPaused(tx, email, now)
      if (!paused || !(await recordJobEvent(deps, tx, jobId, { type: 'codes_paused', ...about }))) return
      await mail.sendCodesPaused(email, new Date(now.getTime() + paused.retryAfterSeconds * 1000), tx)
      return
    }
    if (job.kind === 'reset') {
      if (!(await recordJobEvent(deps, tx, jobId, { type: 'password_reset_requested', ...about }))) return
      const code = await issueCode(deps, tx, email, 'reset', codeOwnerOf(job))
      await sendCode(deps, tx, email, 'reset', code)
      return
    }
    // Only a customer waiting for a code, or one who has not confirmed the e-mail, gets one.
    const pending = await latestActiveCode(tx, email, ['verify_email', 'login'])
    if (!pending && customer.emailVerifiedAt) return
    const detail = { purpose: job.purpose, resend: true }
    if (!(await recordJobEvent(deps, tx, jobId, { type: 'code_sent', ...about, detail }))) return
    const code = await issueCode(deps, tx, email, job.purpose, codeOwnerOf(job))
    await sendCode(deps, tx, email, job.purpose, code)
  })
}

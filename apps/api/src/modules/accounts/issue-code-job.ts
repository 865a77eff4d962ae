import { z } from 'zod'
import type { JobDefinition } from '../../jobs/job-queue'

export const ISSUE_CODE_JOB = 'issue-code'

/** Whom a code asked for by resend or reset belongs to (decision 074). */
const CodeOwner = z.object({ requestedBy: z.string().optional(), byOwner: z.boolean().default(false) })

/**
 * What an issue-code job stores: who asked for what, from where. Never a code: the job makes it, and the code
 * leaves only sealed, in the send-mail job it queues. The e-mail and the client address stay readable in the job
 * row for as long as pg-boss keeps it (days), like a send-mail job's recipient (decision 035).
 */
export const IssueCodeJobData = z.discriminatedUnion('kind', [
  /**
   * A new code of /code; `purpose` is the budget the call charged. `requestedBy` and `byOwner` are whom the new code
   * belongs to (decision 074): the asker, or, asked by someone else, the requester of the code it replaces.
   */
  z.object({
    kind: z.literal('resend'),
    email: z.string(),
    purpose: z.enum(['verify_email', 'login']),
    ip: z.string(),
    ...CodeOwner.shape,
  }),
  z.object({ kind: z.literal('reset'), email: z.string(), ip: z.string(), ...CodeOwner.shape }),
  /** The e-mail's daily tries ran out: the owner is told, once per pause. */
  z.object({ kind: z.literal('codes_paused'), email: z.string(), ip: z.string() }),
  /** Wrong passwords from many addresses: the owner is told, once a day (decision 075). */
  z.object({ kind: z.literal('password_guessing'), email: z.string(), ip: z.string() }),
])
export type IssueCodeJobData = z.infer<typeof IssueCodeJobData>

/**
 * The call that asks for a code queues this job for every e-mail, known or not, and answers from the e-mail's
 * budget alone: the answer does the same work, in the same time, whether or not an account exists. The job decides
 * (an unknown e-mail: nothing) and, for an account, records the event, issues the code and queues its mail in one
 * transaction, so a stop before the commit leaves the job to be retried and a stop after it leaves the mail queued.
 *
 * Once per job, not per run: delivery is at least once (decision 024), so the handler is keyed on the job's id,
 * which its retries share. The event it records carries that id under a unique index; a retry (or a second process
 * running the same job after a lapsed claim, which waits on the first one's uncommitted row) finds the event and
 * stops before it issues or mails anything.
 */
export function createIssueCodeJob(
  issueQueuedCode: (data: IssueCodeJobData, jobId: string) => Promise<void>,
): JobDefinition {
  return {
    name: ISSUE_CODE_JOB,
    retryLimit: 8,
    retryDelaySeconds: 5,
    timeoutSeconds: 60,
    // A person waits for the code.
    pollSeconds: 0.25,
    run: (data, job) => issueQueuedCode(IssueCodeJobData.parse(data), job.id),
  }
}

import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { JobQueue } from '../../jobs/job-queue'
import type { MailService } from '../mail/mail.service'
import type { SessionService } from '../sessions/sessions.service'

export interface AccountServiceDeps {
  db: Database
  clock: Clock
  mail: MailService
  sessions: SessionService
  codeKey: Buffer
  /** Codes asked for by resend and reset, and the notice of paused codes, are made by a queued job (decision 035). */
  queue: Pick<JobQueue, 'send'>
  /** Seals the authenticator apps' secrets and keys the recovery codes' HMACs (decision 124). */
  secondFactorKey: Buffer
  /** The name passkeys show for this site (the brand's name). */
  rpName: string
  /**
   * A change that holds payouts to new wallets (decision 126) is stored with the job that looks at the customer's
   * waiting orders again, so a held order learns at once that its hold now lasts longer.
   */
  checksChanged(tx: Database, customerId: string): Promise<void>
  /** The public address the undo link of an e-mail change points at ('' when unset: a relative link). */
  publicUrl: string
}

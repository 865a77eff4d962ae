import type { BrandConfig } from '@exchange/shared/brand.schemas'
import type { OrderSummary } from '@exchange/shared/orders.schemas'
import type { JobQueue, SqlExecutor } from '../../jobs/job-queue'
import type { MailMessage } from '../../providers/mail/mail.provider'
import {
  renderAccountClosedMail,
  renderSecondFactorChangedMail,
  type SecondFactorChange,
  renderEmailChangeCodeMail,
  renderEmailChangeUndoneForNewMail,
  renderEmailChangeUndoneMail,
  renderEmailChangedMail,
  renderEmailNowInUseMail,
  renderSessionsEndedMail,
} from './account-mail.templates'
import { SEND_MAIL_JOB, sealMail } from './mail-delivery'
import {
  type OrderUpdate,
  renderCodesPausedMail,
  renderIdentityOutcomeMail,
  renderOrderCreatedMail,
  renderOrderUpdateMail,
  renderPasswordChangedMail,
  renderPasswordGuessingMail,
  renderResetCodeMail,
  renderVerificationCodeMail,
} from './mail.templates'
import {
  type ComplaintReminder,
  type SupportNotice,
  renderComplaintRemindersMail,
  renderSupportMail,
} from './support-mail.templates'

export interface MailServiceDeps {
  queue: JobQueue
  brand: BrandConfig
  /** Seals the queued message (decision 024). */
  key: Buffer
}

/** The account's security notices (decision 121), each stored through the service's `enqueue`. */
function securityMail(brand: BrandConfig, enqueue: (message: MailMessage, tx?: SqlExecutor) => Promise<void>) {
  return {
    async sendSessionsEnded(to: string, endedAt: Date, ended: Parameters<typeof renderSessionsEndedMail>[2]) {
      await enqueue({ to, ...renderSessionsEndedMail(brand, endedAt, ended), template: 'sessions_ended' })
    },
    async sendEmailChangeCode(to: string, code: string, tx?: SqlExecutor) {
      await enqueue({ to, ...renderEmailChangeCodeMail(brand, code), template: 'code_email_change' }, tx)
    },
    async sendEmailChanged(to: string, change: Parameters<typeof renderEmailChangedMail>[1], tx?: SqlExecutor) {
      await enqueue({ to, ...renderEmailChangedMail(brand, change), template: 'email_changed' }, tx)
    },
    async sendEmailChangeUndone(to: string, undoneAt: Date, tx?: SqlExecutor) {
      await enqueue({ to, ...renderEmailChangeUndoneMail(brand, undoneAt), template: 'email_change_undone' }, tx)
    },
    async sendSecondFactorChanged(to: string, change: SecondFactorChange, at: Date, tx?: SqlExecutor) {
      await enqueue({ to, ...renderSecondFactorChangedMail(brand, change, at), template: change.kind }, tx)
    },
    /** Decision 126: the new address is told too, when it becomes the account's and when an undo takes it away. */
    async sendEmailNowInUse(to: string, changedAt: Date, tx?: SqlExecutor) {
      await enqueue({ to, ...renderEmailNowInUseMail(brand, changedAt), template: 'email_now_in_use' }, tx)
    },
    async sendEmailChangeUndoneToNew(to: string, undoneAt: Date, tx?: SqlExecutor) {
      const rendered = renderEmailChangeUndoneForNewMail(brand, undoneAt)
      await enqueue({ to, ...rendered, template: 'email_change_undone_new' }, tx)
    },
    async sendAccountClosed(to: string, closedAt: Date, tx?: SqlExecutor) {
      await enqueue({ to, ...renderAccountClosedMail(brand, closedAt), template: 'account_closed' }, tx)
    },
  }
}

export type MailService = ReturnType<typeof createMailService>

/** Decision 126: to the operators' address (the brand's support address), the complaints due soon or overdue. */
function complaintReminders(brand: BrandConfig, enqueue: (message: MailMessage, tx?: SqlExecutor) => Promise<void>) {
  return async (reminders: ComplaintReminder[], tx?: SqlExecutor) => {
    const rendered = renderComplaintRemindersMail(brand, reminders)
    await enqueue({ to: brand.company.supportEmail, ...rendered, template: 'complaint_reminders' }, tx)
  }
}

/** A support ticket's mail (decision 122): its number, a complaint's acknowledgement, an answer, its closing. */
function supportNotices(brand: BrandConfig, enqueue: (message: MailMessage, tx?: SqlExecutor) => Promise<void>) {
  return async (to: string, notice: SupportNotice, supportUrl: string, tx?: SqlExecutor) => {
    const rendered = renderSupportMail(brand, notice, supportUrl)
    await enqueue({ to, ...rendered, template: `support_${notice.kind}`, devNote: `ticket=${notice.number}` }, tx)
  }
}

/**
 * Every function stores a send-mail job and returns; a worker delivers it (decision 024). Given the caller's
 * transaction (`tx`), the mail is stored with the change that causes it: both happen, or neither.
 */
export function createMailService({ queue, brand, key }: MailServiceDeps) {
  async function enqueue(message: MailMessage, tx?: SqlExecutor) {
    await queue.send(SEND_MAIL_JOB, sealMail(key, message), tx)
  }

  async function sendVerificationCode(to: string, code: string, reason: 'verify_email' | 'login', tx?: SqlExecutor) {
    await enqueue({ to, ...renderVerificationCodeMail(brand, code, reason), template: `code_${reason}` }, tx)
  }

  async function sendResetCode(to: string, code: string, tx?: SqlExecutor) {
    await enqueue({ to, ...renderResetCodeMail(brand, code), template: 'code_reset' }, tx)
  }

  async function sendPasswordChanged(to: string, changedAt: Date, tx?: SqlExecutor, signedOut?: 'every' | 'others') {
    await enqueue({ to, ...renderPasswordChangedMail(brand, changedAt, signedOut), template: 'password_changed' }, tx)
  }

  async function sendCodesPaused(to: string, until: Date, tx?: SqlExecutor) {
    await enqueue({ to, ...renderCodesPausedMail(brand, until), template: 'codes_paused' }, tx)
  }

  async function sendPasswordGuessing(to: string, tx?: SqlExecutor) {
    await enqueue({ to, ...renderPasswordGuessingMail(brand), template: 'password_guessing' }, tx)
  }

  async function sendOrderCreated(to: string, order: OrderSummary, simulatedPrice: boolean, tx?: SqlExecutor) {
    await enqueue(
      {
        to,
        ...renderOrderCreatedMail(brand, order, simulatedPrice),
        template: 'order_created',
        devNote: `order=${order.orderReference}`,
      },
      tx,
    )
  }

  async function sendOrderUpdate(
    to: string,
    reference: string,
    template: string,
    update: OrderUpdate,
    tx?: SqlExecutor,
  ) {
    await enqueue(
      { to, ...renderOrderUpdateMail(brand, reference, update), template, devNote: `order=${reference}` },
      tx,
    )
  }

  async function sendIdentityOutcome(
    to: string,
    outcome: 'approved' | 'resubmission_requested' | 'rejected',
    message: string | null,
    links: { dashboard: string; identity: string },
    tx?: SqlExecutor,
  ) {
    await enqueue(
      { to, ...renderIdentityOutcomeMail(brand, outcome, message, links), template: `identity_${outcome}` },
      tx,
    )
  }

  return {
    sendSupportNotice: supportNotices(brand, enqueue),
    sendComplaintReminders: complaintReminders(brand, enqueue),
    ...securityMail(brand, enqueue),
    sendIdentityOutcome,
    sendVerificationCode,
    sendResetCode,
    sendPasswordChanged,
    sendCodesPaused,
    sendPasswordGuessing,
    sendOrderCreated,
    sendOrderUpdate,
  }
}

import type { BrandConfig } from '@exchange/shared/brand.schemas'
import { DEFAULT_LANGUAGE, type Language } from '@exchange/shared/languages'
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
  /**
   * The language stored on the customer an address belongs to, read in the caller's transaction (decision 131); every
   * customer mail is written in it. Without it (tests of other parts), English.
   */
  languageOf?: LanguageOf
}

/** The language of the customer whose address (or pending new address) `to` is; English for an unknown address. */
export type LanguageOf = (to: string, tx?: SqlExecutor) => Promise<Language>

type Enqueue = (message: MailMessage, tx?: SqlExecutor) => Promise<void>

/** The account's security notices (decision 121), each stored through the service's `enqueue`. */
function securityMail(brand: BrandConfig, enqueue: Enqueue, languageOf: LanguageOf) {
  return {
    async sendSessionsEnded(to: string, endedAt: Date, ended: Parameters<typeof renderSessionsEndedMail>[2]) {
      const rendered = renderSessionsEndedMail(brand, endedAt, ended, await languageOf(to))
      await enqueue({ to, ...rendered, template: 'sessions_ended' })
    },
    async sendEmailChangeCode(to: string, code: string, tx?: SqlExecutor) {
      const rendered = renderEmailChangeCodeMail(brand, code, await languageOf(to, tx))
      await enqueue({ to, ...rendered, template: 'code_email_change' }, tx)
    },
    async sendEmailChanged(to: string, change: Parameters<typeof renderEmailChangedMail>[1], tx?: SqlExecutor) {
      const rendered = renderEmailChangedMail(brand, change, await languageOf(to, tx))
      await enqueue({ to, ...rendered, template: 'email_changed' }, tx)
    },
    async sendEmailChangeUndone(to: string, undoneAt: Date, tx?: SqlExecutor) {
      const rendered = renderEmailChangeUndoneMail(brand, undoneAt, await languageOf(to, tx))
      await enqueue({ to, ...rendered, template: 'email_change_undone' }, tx)
    },
    async sendSecondFactorChanged(to: string, change: SecondFactorChange, at: Date, tx?: SqlExecutor) {
      const rendered = renderSecondFactorChangedMail(brand, change, at, await languageOf(to, tx))
      await enqueue({ to, ...rendered, template: change.kind }, tx)
    },
    /** Decision 126: the new address is told too, when it becomes the account's and when an undo takes it away. */
    async sendEmailNowInUse(to: string, changedAt: Date, tx?: SqlExecutor) {
      const rendered = renderEmailNowInUseMail(brand, changedAt, await languageOf(to, tx))
      await enqueue({ to, ...rendered, template: 'email_now_in_use' }, tx)
    },
    async sendEmailChangeUndoneToNew(to: string, undoneAt: Date, tx?: SqlExecutor) {
      const rendered = renderEmailChangeUndoneForNewMail(brand, undoneAt, await languageOf(to, tx))
      await enqueue({ to, ...rendered, template: 'email_change_undone_new' }, tx)
    },
    async sendAccountClosed(to: string, closedAt: Date, tx?: SqlExecutor) {
      const rendered = renderAccountClosedMail(brand, closedAt, await languageOf(to, tx))
      await enqueue({ to, ...rendered, template: 'account_closed' }, tx)
    },
  }
}

export type MailService = ReturnType<typeof createMailService>

/**
 * Decision 126: to the operators' address (the brand's support address), the complaints due soon or overdue; in
 * English, as the operators' pages are (decision 131).
 */
function complaintReminders(brand: BrandConfig, enqueue: Enqueue) {
  return async (reminders: ComplaintReminder[], tx?: SqlExecutor) => {
    const rendered = renderComplaintRemindersMail(brand, reminders)
    await enqueue({ to: brand.company.supportEmail, ...rendered, template: 'complaint_reminders' }, tx)
  }
}

/** A support ticket's mail (decision 122): its number, a complaint's acknowledgement, an answer, its closing. */
function supportNotices(brand: BrandConfig, enqueue: Enqueue, languageOf: LanguageOf) {
  return async (to: string, notice: SupportNotice, supportUrl: string, tx?: SqlExecutor) => {
    const rendered = renderSupportMail(brand, notice, supportUrl, await languageOf(to, tx))
    await enqueue({ to, ...rendered, template: `support_${notice.kind}`, devNote: `ticket=${notice.number}` }, tx)
  }
}

/** The codes and the notices about the password and wrong tries, each in the language of the address's customer. */
function credentialMail(brand: BrandConfig, enqueue: Enqueue, languageOf: LanguageOf) {
  async function sendVerificationCode(to: string, code: string, reason: 'verify_email' | 'login', tx?: SqlExecutor) {
    const rendered = renderVerificationCodeMail(brand, code, reason, await languageOf(to, tx))
    await enqueue({ to, ...rendered, template: `code_${reason}` }, tx)
  }

  async function sendResetCode(to: string, code: string, tx?: SqlExecutor) {
    await enqueue({ to, ...renderResetCodeMail(brand, code, await languageOf(to, tx)), template: 'code_reset' }, tx)
  }

  async function sendPasswordChanged(to: string, changedAt: Date, tx?: SqlExecutor, signedOut?: 'every' | 'others') {
    const rendered = renderPasswordChangedMail(brand, changedAt, signedOut, await languageOf(to, tx))
    await enqueue({ to, ...rendered, template: 'password_changed' }, tx)
  }

  async function sendCodesPaused(to: string, until: Date, tx?: SqlExecutor) {
    await enqueue(
      { to, ...renderCodesPausedMail(brand, until, await languageOf(to, tx)), template: 'codes_paused' },
      tx,
    )
  }

  async function sendPasswordGuessing(to: string, tx?: SqlExecutor) {
    await enqueue(
      { to, ...renderPasswordGuessingMail(brand, await languageOf(to, tx)), template: 'password_guessing' },
      tx,
    )
  }

  return { sendVerificationCode, sendResetCode, sendPasswordChanged, sendCodesPaused, sendPasswordGuessing }
}

/**
 * Every function stores a send-mail job and returns; a worker delivers it (decision 024). Given the caller's
 * transaction (`tx`), the mail is stored with the change that causes it: both happen, or neither.
 */
export function createMailService({ queue, brand, key, languageOf = async () => DEFAULT_LANGUAGE }: MailServiceDeps) {
  async function enqueue(message: MailMessage, tx?: SqlExecutor) {
    await queue.send(SEND_MAIL_JOB, sealMail(key, message), tx)
  }

  async function sendOrderCreated(to: string, order: OrderSummary, simulatedPrice: boolean, tx?: SqlExecutor) {
    await enqueue(
      {
        to,
        ...renderOrderCreatedMail(brand, order, simulatedPrice, await languageOf(to, tx)),
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
    /** The language `update` was written in (order-mail.ts asks `languageOf` first). */
    language?: Language,
  ) {
    const rendered = renderOrderUpdateMail(brand, reference, update, language ?? (await languageOf(to, tx)))
    await enqueue({ to, ...rendered, template, devNote: `order=${reference}` }, tx)
  }

  async function sendIdentityOutcome(
    to: string,
    outcome: 'approved' | 'resubmission_requested' | 'rejected',
    message: string | null,
    links: { dashboard: string; identity: string },
    tx?: SqlExecutor,
  ) {
    const rendered = renderIdentityOutcomeMail(brand, outcome, message, links, await languageOf(to, tx))
    await enqueue({ to, ...rendered, template: `identity_${outcome}` }, tx)
  }

  return {
    languageOf,
    sendSupportNotice: supportNotices(brand, enqueue, languageOf),
    sendComplaintReminders: complaintReminders(brand, enqueue),
    ...securityMail(brand, enqueue, languageOf),
    ...credentialMail(brand, enqueue, languageOf),
    sendIdentityOutcome,
    sendOrderCreated,
    sendOrderUpdate,
  }
}

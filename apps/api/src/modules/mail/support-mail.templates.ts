import type { BrandConfig } from '@exchange/shared/brand.schemas'
import type { Language } from '@exchange/shared/languages'
import { type MailWords, mailWords } from './mail-i18n'
import { type RenderedMail, escapeHtml, layout, textFooter } from './mail.templates'

/** What a support mail is about (decision 122); each is its own template. */
export type SupportNotice =
  | { kind: 'opened'; number: string }
  | { kind: 'complaint_acknowledged'; number: string; responseDueAt: Date }
  | { kind: 'replied'; number: string; reply: string }
  | { kind: 'closed'; number: string }

/** The operators' reminder stays English (decision 131): "22 November 2026". */
const day = (date: Date) => mailWords('en').day(date)

function wording(
  brand: BrandConfig,
  words: MailWords,
  notice: SupportNotice,
): { subject: string; lines: string[]; quote?: string } {
  const number = notice.number
  switch (notice.kind) {
    case 'opened':
      return {
        subject: words.t('support.opened.subject', { number }),
        lines: [words.t('support.opened.lead', { brand: brand.brandName, number }), words.t('support.opened.next')],
      }
    case 'complaint_acknowledged':
      return {
        subject: words.t('support.complaint.subject', { number }),
        lines: [
          words.t('support.complaint.lead', { number }),
          words.t('support.complaint.next', { day: words.day(notice.responseDueAt) }),
        ],
      }
    case 'replied':
      return {
        subject: words.t('support.replied.subject', { number }),
        lines: [words.t('support.replied.lead', { number })],
        quote: notice.reply,
      }
    case 'closed':
      return {
        subject: words.t('support.closed.subject', { number }),
        lines: [words.t('support.closed.lead', { number })],
      }
  }
}

/** A support mail: the number in the subject, the way back to the conversation, nothing loaded from outside. */
export function renderSupportMail(
  brand: BrandConfig,
  notice: SupportNotice,
  supportUrl: string,
  language: Language = 'en',
): RenderedMail {
  const words = mailWords(language)
  const { subject, lines, quote } = wording(brand, words, notice)
  const link = words.t('support.link', { url: supportUrl })
  const quoteHtml = quote
    ? `<blockquote style="margin:16px 0;padding:12px 16px;border-left:4px solid ${brand.brandColor};background:#faf9fe;white-space:pre-wrap">${escapeHtml(quote)}</blockquote>`
    : ''
  return {
    subject,
    text: `${lines.join('\n\n')}${quote ? `\n\n${quote}` : ''}\n\n${link}\n${textFooter(brand, words)}`,
    html: layout(
      brand,
      subject,
      `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}${quoteHtml}` +
        `<p><a href="${escapeHtml(supportUrl)}" style="color:${brand.brandColor}">${escapeHtml(words.t('support.linkHtml'))}</a></p>`,
      words,
    ),
  }
}

/** A complaint whose deadline comes soon or has passed, as the operators' reminder lists it (decision 126). */
export interface ComplaintReminder {
  number: string
  customerEmail: string
  responseDueAt: Date
  passed: boolean
  link: string
}

/** To the operators' address, in English: the complaints whose final answer is due soon or overdue, each with its link. */
export function renderComplaintRemindersMail(brand: BrandConfig, reminders: ComplaintReminder[]): RenderedMail {
  const overdue = reminders.filter((one) => one.passed).length
  const subject = `${reminders.length} complaint${reminders.length === 1 ? '' : 's'} to answer${overdue > 0 ? ` (${overdue} overdue)` : ''}`
  const lead = `The final answer to these complaints of ${brand.brandName} customers is due soon or overdue. Answer each in its ticket, then close it.`
  const line = (one: ComplaintReminder) =>
    `${one.number} (${one.customerEmail}): ${one.passed ? 'OVERDUE since' : 'due by'} ${day(one.responseDueAt)} ${one.responseDueAt.toISOString().slice(11, 16)} UTC`
  return {
    subject,
    text: `${lead}\n\n${reminders.map((one) => `${line(one)}\n${one.link}`).join('\n\n')}\n${textFooter(brand)}`,
    html: layout(
      brand,
      subject,
      `<p>${escapeHtml(lead)}</p><ul>${reminders
        .map((one) => `<li><a href="${escapeHtml(one.link)}">${escapeHtml(line(one))}</a></li>`)
        .join('')}</ul>`,
    ),
  }
}

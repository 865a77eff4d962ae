import type { BrandConfig } from '@exchange/shared/brand.schemas'
import { type RenderedMail, escapeHtml, layout, textFooter } from './mail.templates'

/** What a support mail is about (decision 122); each is its own template. */
export type SupportNotice =
  | { kind: 'opened'; number: string }
  | { kind: 'complaint_acknowledged'; number: string; responseDueAt: Date }
  | { kind: 'replied'; number: string; reply: string }
  | { kind: 'closed'; number: string }

const day = (date: Date) =>
  date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

function wording(brand: BrandConfig, notice: SupportNotice): { subject: string; lines: string[]; quote?: string } {
  switch (notice.kind) {
    case 'opened':
      return {
        subject: `We received your request ${notice.number}`,
        lines: [
          `Thank you for writing to ${brand.brandName}. Your request has the number ${notice.number}; please give it whenever you write to us about it.`,
          'We answer in your account, under Support, and e-mail you when we do.',
        ],
      }
    case 'complaint_acknowledged':
      return {
        subject: `We received your complaint ${notice.number}`,
        lines: [
          `We have received your complaint and are dealing with it. Its number is ${notice.number}.`,
          `You will have our final answer in writing by ${day(notice.responseDueAt)} at the latest. If we need longer, we will tell you why before then, and we keep you informed in your account, under Support.`,
        ],
      }
    case 'replied':
      return {
        subject: `New answer to your request ${notice.number}`,
        lines: [`Our support team answered your request ${notice.number}:`],
        quote: notice.reply,
      }
    case 'closed':
      return {
        subject: `Your request ${notice.number} is closed`,
        lines: [
          `We have closed your request ${notice.number}. You can read the whole conversation in your account, under Support, and open a new request there at any time.`,
        ],
      }
  }
}

/** A support mail: the number in the subject, the way back to the conversation, nothing loaded from outside. */
export function renderSupportMail(brand: BrandConfig, notice: SupportNotice, supportUrl: string): RenderedMail {
  const { subject, lines, quote } = wording(brand, notice)
  const link = `Read and answer it at ${supportUrl}`
  const quoteHtml = quote
    ? `<blockquote style="margin:16px 0;padding:12px 16px;border-left:4px solid ${brand.brandColor};background:#faf9fe;white-space:pre-wrap">${escapeHtml(quote)}</blockquote>`
    : ''
  return {
    subject,
    text: `${lines.join('\n\n')}${quote ? `\n\n${quote}` : ''}\n\n${link}\n${textFooter(brand)}`,
    html: layout(
      brand,
      subject,
      `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}${quoteHtml}` +
        `<p><a href="${escapeHtml(supportUrl)}" style="color:${brand.brandColor}">Read and answer it in your account</a></p>`,
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

/** To the operators' address: the complaints whose final answer is due soon or overdue, each with its link. */
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

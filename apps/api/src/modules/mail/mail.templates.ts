import type { BrandConfig } from '@exchange/shared/brand.schemas'
import { CODE_TTL_MINUTES } from '@exchange/shared/constants'
import { CRYPTO_DECIMALS, FIAT_DECIMALS } from '@exchange/shared/currencies'
import type { Language } from '@exchange/shared/languages'
import type { OrderSummary } from '@exchange/shared/orders.schemas'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import { PAYOUT_HOLD_HOURS } from '@exchange/shared/payout-hold'
import { MAIL_CATALOGS, type MailKey, type MailWords, mailWords } from './mail-i18n'

export interface RenderedMail {
  subject: string
  text: string
  html: string
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
}

/**
 * One layout for every message: brand name as text (no remote images, so nothing loads from outside
 * and nothing tracks the reader), the body, and the company footer, in the mail's language (decision 131).
 */
export function layout(brand: BrandConfig, title: string, bodyHtml: string, words: MailWords = mailWords()): string {
  const footer =
    `${escapeHtml(brand.company.name)} · ${escapeHtml(brand.company.address)}<br>` +
    `${escapeHtml(words.t('footer.questions'))} <a href="mailto:${escapeHtml(brand.company.supportEmail)}" style="color:${brand.brandColor}">${escapeHtml(brand.company.supportEmail)}</a>`
  return `<!doctype html>
<html lang="${words.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f2fb;font-family:Helvetica,Arial,sans-serif;color:#1d1b26">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f2fb;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${brand.brandColor};padding:20px 28px;color:#ffffff;font-size:22px;font-weight:bold">${escapeHtml(brand.brandName)}</td></tr>
<tr><td style="padding:28px;font-size:16px;line-height:1.5">${bodyHtml}</td></tr>
<tr><td style="padding:18px 28px;background:#faf9fe;color:#6b6880;font-size:12px;line-height:1.6">${footer}</td></tr>
</table></td></tr></table></body></html>`
}

export function textFooter(brand: BrandConfig, words: MailWords = mailWords()): string {
  return `\n--\n${brand.company.name}\n${brand.company.address}\n${words.t('footer.support', { email: brand.company.supportEmail })}\n`
}

function codeBlock(code: string): string {
  return `<p style="font-size:34px;letter-spacing:10px;font-weight:bold;font-family:Menlo,Consolas,monospace;margin:20px 0;color:#1d1b26">${code}</p>`
}

/** The words every message about the brand fills in: its name and its support address. */
function brandValues(brand: BrandConfig) {
  return { brand: brand.brandName, support: brand.company.supportEmail }
}

/**
 * A mail whose point is a one-time code: the lead, the code, how long it lasts, and the warning for a reader who did
 * not ask for it (with `neverAsk`, the reminder that nobody asks for it by phone or chat).
 */
export function codeMail(
  brand: BrandConfig,
  code: string,
  keys: { subject: MailKey; lead: MailKey; warning: MailKey; neverAsk?: boolean },
  language: Language = 'en',
): RenderedMail {
  const words = mailWords(language)
  const values = { ...brandValues(brand), code }
  const subject = words.t(keys.subject, values)
  const lead = words.t(keys.lead, values)
  const warning = words.t(keys.warning, values)
  const validity = words.t('code.validity', { minutes: CODE_TTL_MINUTES })
  const neverAsk = keys.neverAsk ? words.t('code.neverAsk') : undefined
  return {
    subject,
    text: `${lead}\n\n${code}\n\n${validity}\n${warning}\n${neverAsk ? `${neverAsk}\n` : ''}${textFooter(brand, words)}`,
    html: layout(
      brand,
      subject,
      `<p>${escapeHtml(lead)}</p>${codeBlock(code)}<p>${escapeHtml(validity)}</p>` +
        `<p style="color:#6b6880;font-size:14px">${escapeHtml(warning)}${neverAsk ? ` ${escapeHtml(neverAsk)}` : ''}</p>`,
      words,
    ),
  }
}

export function renderVerificationCodeMail(
  brand: BrandConfig,
  code: string,
  reason: 'verify_email' | 'login',
  language: Language = 'en',
): RenderedMail {
  const keys =
    reason === 'verify_email'
      ? ({ subject: 'code.verify.subject', lead: 'code.verify.lead', warning: 'code.verify.warning' } as const)
      : ({ subject: 'code.verify.subject', lead: 'code.login.lead', warning: 'code.login.warning' } as const)
  return codeMail(brand, code, { ...keys, neverAsk: true }, language)
}

export function renderResetCodeMail(brand: BrandConfig, code: string, language: Language = 'en'): RenderedMail {
  return codeMail(
    brand,
    code,
    { subject: 'code.reset.subject', lead: 'code.reset.lead', warning: 'code.reset.warning' },
    language,
  )
}

/**
 * The payout hold a security change starts (decision 126), as the change's notice says it: until when a payout to a
 * new wallet waits.
 */
export function payoutHoldLine(changedAt: Date, words: MailWords = mailWords()): string {
  const until = new Date(changedAt.getTime() + PAYOUT_HOLD_HOURS * 3_600_000)
  return words.t('payoutHold.line', { until: words.when(until) })
}

/** Why a payout to a new wallet waits (decision 126), in the mail's language: the change, and when it goes out. */
export function payoutHoldWordsIn(words: MailWords, reason: string, until: Date): string {
  const key = `securityChange.${reason}`
  const change = words.t(key in MAIL_CATALOGS.en ? (key as MailKey) : 'securityChange.other')
  return words.t('payoutHold.words', { change, hours: PAYOUT_HOLD_HOURS, when: words.when(until) })
}

/** After a reset every device is signed out; after a change on /dashAccount every other one (decision 121). */
export function renderPasswordChangedMail(
  brand: BrandConfig,
  changedAt: Date,
  signedOut: 'every' | 'others' = 'every',
  language: Language = 'en',
): RenderedMail {
  const words = mailWords(language)
  const values = brandValues(brand)
  const subject = words.t('passwordChanged.subject', values)
  const ended = words.t(signedOut === 'every' ? 'passwordChanged.every' : 'passwordChanged.others')
  const changed = words.t('passwordChanged.lead', { ...values, when: words.when(changedAt) })
  const lead = `${changed} ${ended} ${payoutHoldLine(changedAt, words)}`
  const warning = words.t('warning.contactAtOnce', values)
  return {
    subject,
    text: `${lead}\n\n${warning}\n${textFooter(brand, words)}`,
    html: layout(brand, subject, `<p>${escapeHtml(lead)}</p><p><strong>${escapeHtml(warning)}</strong></p>`, words),
  }
}

/** A lead, what follows, and a quieter warning: the notices about codes and passwords tried by someone else. */
function alertMail(
  brand: BrandConfig,
  words: MailWords,
  parts: { subject: string; lead: string; next: string; warning: string },
) {
  const { subject, lead, next, warning } = parts
  return {
    subject,
    text: `${lead}\n\n${next}\n${warning}\n${textFooter(brand, words)}`,
    html: layout(
      brand,
      subject,
      `<p>${escapeHtml(lead)}</p><p>${escapeHtml(next)}</p><p style="color:#6b6880;font-size:14px">${escapeHtml(warning)}</p>`,
      words,
    ),
  }
}

/** To the owner, once per day of paused codes: someone typed wrong codes for this address again and again. */
export function renderCodesPausedMail(brand: BrandConfig, until: Date, language: Language = 'en'): RenderedMail {
  const words = mailWords(language)
  const values = brandValues(brand)
  return alertMail(brand, words, {
    subject: words.t('codesPaused.subject', values),
    lead: words.t('codesPaused.lead', { ...values, until: words.when(until) }),
    next: words.t('codesPaused.next'),
    warning: words.t('warning.passwordKnown', values),
  })
}

/** Wrong passwords from many places (decision 075): the owner is told, once a day, and told they keep their way in. */
export function renderPasswordGuessingMail(brand: BrandConfig, language: Language = 'en'): RenderedMail {
  const words = mailWords(language)
  const values = brandValues(brand)
  return alertMail(brand, words, {
    subject: words.t('guessing.subject', values),
    lead: words.t('guessing.lead', values),
    next: words.t('guessing.next'),
    warning: words.t('guessing.warning', values),
  })
}

/** The rows of an order's mail, label and value, as a table in HTML and as lines in text. */
function rowsHtml(rows: [string, string][]): string {
  return (
    `<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;width:100%;font-size:15px">` +
    rows
      .map(
        ([label, value]) =>
          `<tr><td style="color:#6b6880;border-bottom:1px solid #eee;white-space:nowrap">${escapeHtml(label)}</td><td style="border-bottom:1px solid #eee;word-break:break-all"><strong>${escapeHtml(value)}</strong></td></tr>`,
      )
      .join('') +
    `</table>`
  )
}

const rowsText = (rows: [string, string][]) => rows.map(([label, value]) => `${label}: ${value}`).join('\n')

/** A share in basis points as the locale writes a percentage's number: 150 → "1.50" (de-CH), "1,50" (fr-CH). */
const percentOf = (words: MailWords, bps: number) => words.amount((bps / 100).toFixed(2), 2)

export function renderOrderCreatedMail(
  brand: BrandConfig,
  order: OrderSummary,
  simulatedPrice: boolean,
  language: Language = 'en',
): RenderedMail {
  const words = mailWords(language)
  const fiat = (amount: string) => `${words.amount(amount, FIAT_DECIMALS)} ${order.fiatCur.toUpperCase()}`
  const coins = `${words.amount(order.cryptoAmount, CRYPTO_DECIMALS[order.cryptoCur])} ${order.cryptoCur.toUpperCase()}`
  const until = words.when(new Date(order.priceExpiresAt))
  const subject = words.t('order.subject', { brand: brand.brandName, reference: order.orderReference, amount: coins })
  const rows: [string, string][] = [
    [words.t('order.reference'), order.orderReference],
    [words.t('order.youPay'), fiat(order.fiatAmount)],
    [
      words.t('order.fee'),
      words.t('order.feeValue', { fee: fiat(order.price.fee), percent: percentOf(words, order.price.feeBps) }),
    ],
    [
      words.t('order.pricePerCoin'),
      words.t('order.priceValue', {
        rate: fiat(order.price.rate),
        mid: fiat(order.price.mid),
        spread: percentOf(words, order.price.spreadBps),
      }),
    ],
    [words.t('order.youReceive'), coins],
    [
      words.t('order.wallet'),
      order.orderWallet === PLACEHOLDER_WALLET ? words.t('order.walletLater') : order.orderWallet,
    ],
    [words.t('order.priceFixedUntil'), until],
  ]
  const lead = words.t('order.lead', { until })
  const note = simulatedPrice ? words.t('order.simulated') : ''
  return {
    subject,
    text: `${lead}\n\n${rowsText(rows)}\n${note ? `\n${note}\n` : ''}${textFooter(brand, words)}`,
    html: layout(
      brand,
      subject,
      `<p>${escapeHtml(lead)}</p>${rowsHtml(rows)}${note ? `<p style="color:#b45309;font-size:14px">${escapeHtml(note)}</p>` : ''}`,
      words,
    ),
  }
}

export interface OrderUpdate {
  /** e.g. "Payment received" */
  headline: string
  lead: string
  rows: [string, string][]
  note?: string
}

/** The e-mails that follow an order: payment received, completed, failed, refunded, a decision needed. */
export function renderOrderUpdateMail(
  brand: BrandConfig,
  reference: string,
  update: OrderUpdate,
  language: Language = 'en',
): RenderedMail {
  const words = mailWords(language)
  const subject = words.t('orderUpdate.subject', { headline: update.headline, brand: brand.brandName, reference })
  const rows: [string, string][] = [[words.t('order.reference'), reference], ...update.rows]
  return {
    subject,
    text: `${update.lead}\n\n${rowsText(rows)}\n${update.note ? `\n${update.note}\n` : ''}${textFooter(brand, words)}`,
    html: layout(
      brand,
      subject,
      `<p><strong>${escapeHtml(update.headline)}</strong></p><p>${escapeHtml(update.lead)}</p>` +
        rowsHtml(rows) +
        `${update.note ? `<p style="color:#6b6880;font-size:14px">${escapeHtml(update.note)}</p>` : ''}`,
      words,
    ),
  }
}

/** The outcome of the customer's identity check, with what to do next (decision 039). */
export function renderIdentityOutcomeMail(
  brand: BrandConfig,
  outcome: 'approved' | 'resubmission_requested' | 'rejected',
  message: string | null,
  links: { dashboard: string; identity: string },
  language: Language = 'en',
): RenderedMail {
  const words = mailWords(language)
  const values = brandValues(brand)
  const withMessage = (lead: string, key: MailKey) => (message ? `${lead} ${words.t(key, { message })}` : lead)
  const [subject, lead, next] =
    outcome === 'approved'
      ? [
          words.t('identity.approved.subject', values),
          words.t('identity.approved.lead'),
          words.t('identity.approved.next', { link: links.dashboard }),
        ]
      : outcome === 'resubmission_requested'
        ? [
            words.t('identity.resubmit.subject', values),
            withMessage(words.t('identity.resubmit.lead'), 'identity.resubmit.words'),
            words.t('identity.resubmit.next', { link: links.identity }),
          ]
        : [
            words.t('identity.rejected.subject', values),
            withMessage(words.t('identity.rejected.lead'), 'identity.rejected.reason'),
            words.t('identity.rejected.next', values),
          ]
  return {
    subject,
    text: `${lead}\n\n${next}\n${textFooter(brand, words)}`,
    html: layout(brand, subject, `<p>${escapeHtml(lead)}</p><p>${escapeHtml(next)}</p>`, words),
  }
}

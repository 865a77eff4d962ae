import type { BrandConfig } from '@exchange/shared/brand.schemas'
import { CODE_TTL_MINUTES } from '@exchange/shared/constants'
import { CRYPTO_DECIMALS, FIAT_DECIMALS } from '@exchange/shared/currencies'
import { formatAmount } from '@exchange/shared/money'
import type { OrderSummary } from '@exchange/shared/orders.schemas'
import { PLACEHOLDER_WALLET } from '@exchange/shared/wallets'
import { PAYOUT_HOLD_HOURS } from '@exchange/shared/payout-hold'

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
 * and nothing tracks the reader), the body, and the company footer.
 */
export function layout(brand: BrandConfig, title: string, bodyHtml: string): string {
  const footer =
    `${escapeHtml(brand.company.name)} · ${escapeHtml(brand.company.address)}<br>` +
    `Questions? <a href="mailto:${escapeHtml(brand.company.supportEmail)}" style="color:${brand.brandColor}">${escapeHtml(brand.company.supportEmail)}</a>`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f4f2fb;font-family:Helvetica,Arial,sans-serif;color:#1d1b26">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f2fb;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:${brand.brandColor};padding:20px 28px;color:#ffffff;font-size:22px;font-weight:bold">${escapeHtml(brand.brandName)}</td></tr>
<tr><td style="padding:28px;font-size:16px;line-height:1.5">${bodyHtml}</td></tr>
<tr><td style="padding:18px 28px;background:#faf9fe;color:#6b6880;font-size:12px;line-height:1.6">${footer}</td></tr>
</table></td></tr></table></body></html>`
}

export function textFooter(brand: BrandConfig): string {
  return `\n--\n${brand.company.name}\n${brand.company.address}\nSupport: ${brand.company.supportEmail}\n`
}

function codeBlock(code: string): string {
  return `<p style="font-size:34px;letter-spacing:10px;font-weight:bold;font-family:Menlo,Consolas,monospace;margin:20px 0;color:#1d1b26">${code}</p>`
}

export function renderVerificationCodeMail(
  brand: BrandConfig,
  code: string,
  reason: 'verify_email' | 'login',
): RenderedMail {
  const subject = `${code} is your ${brand.brandName} verification code`
  const lead =
    reason === 'verify_email'
      ? `Welcome to ${brand.brandName}. Enter this code to confirm your e-mail address:`
      : `Someone, hopefully you, signed in to ${brand.brandName} from a new device. Enter this code to continue:`
  const warning =
    reason === 'login'
      ? 'If this was not you, change your password now: whoever tried knows it.'
      : 'If you did not sign up, you can ignore this message.'
  return {
    subject,
    text: `${lead}\n\n${code}\n\nThe code is valid for ${CODE_TTL_MINUTES} minutes and can be used once.\n${warning}\nWe will never ask you for this code by phone or chat.\n${textFooter(brand)}`,
    html: layout(
      brand,
      subject,
      `<p>${escapeHtml(lead)}</p>${codeBlock(code)}<p>The code is valid for ${CODE_TTL_MINUTES} minutes and can be used once.</p>` +
        `<p style="color:#6b6880;font-size:14px">${escapeHtml(warning)} We will never ask you for this code by phone or chat.</p>`,
    ),
  }
}

/**
 * A mail whose point is a one-time code: the lead, the code, how long it lasts, and the warning for a reader who did
 * not ask for it.
 */
export function codeMail(
  brand: BrandConfig,
  code: string,
  words: { subject: string; lead: string; warning: string },
): RenderedMail {
  const { subject, lead, warning } = words
  return {
    subject,
    text: `${lead}\n\n${code}\n\nThe code is valid for ${CODE_TTL_MINUTES} minutes and can be used once.\n${warning}\n${textFooter(brand)}`,
    html: layout(
      brand,
      subject,
      `<p>${escapeHtml(lead)}</p>${codeBlock(code)}<p>The code is valid for ${CODE_TTL_MINUTES} minutes and can be used once.</p>` +
        `<p style="color:#6b6880;font-size:14px">${escapeHtml(warning)}</p>`,
    ),
  }
}

export function renderResetCodeMail(brand: BrandConfig, code: string): RenderedMail {
  return codeMail(brand, code, {
    subject: `${code} is your ${brand.brandName} password reset code`,
    lead: `We received a request to reset the password of your ${brand.brandName} account. Enter this code to choose a new password:`,
    warning: 'If you did not ask for this, ignore this message: your password stays as it is.',
  })
}

/**
 * The payout hold a security change starts (decision 126), as the change's notice says it: until when a payout to a
 * new wallet waits.
 */
export function payoutHoldLine(changedAt: Date): string {
  const until = new Date(changedAt.getTime() + PAYOUT_HOLD_HOURS * 3_600_000)
  return `For your safety, until ${utc(until.toISOString())} coins go out only to wallets we have sent your coins to before: a payout to a new wallet waits until then and goes out by itself.`
}

/** After a reset every device is signed out; after a change on /dashAccount every other one (decision 121). */
export function renderPasswordChangedMail(
  brand: BrandConfig,
  changedAt: Date,
  signedOut: 'every' | 'others' = 'every',
): RenderedMail {
  const subject = `Your ${brand.brandName} password was changed`
  const when = changedAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC'
  const ended =
    signedOut === 'every'
      ? 'Every device that was signed in has been signed out.'
      : 'Every other device that was signed in has been signed out; the one you used stays signed in.'
  const lead = `The password of your ${brand.brandName} account was changed on ${when}. ${ended} ${payoutHoldLine(changedAt)}`
  const warning = `If you did not do this, contact ${brand.company.supportEmail} at once.`
  return {
    subject,
    text: `${lead}\n\n${warning}\n${textFooter(brand)}`,
    html: layout(brand, subject, `<p>${escapeHtml(lead)}</p><p><strong>${escapeHtml(warning)}</strong></p>`),
  }
}

/** To the owner, once per day of paused codes: someone typed wrong codes for this address again and again. */
export function renderCodesPausedMail(brand: BrandConfig, until: Date): RenderedMail {
  const subject = `Codes for your ${brand.brandName} account are paused`
  const lead = `Many wrong codes were typed for your ${brand.brandName} account today, so for your safety, until ${utc(until.toISOString())}, we accept a code only in the browser that asked for it with your password.`
  const next =
    'A browser where you confirmed a code before still signs in with your password, and a new browser gets its code once you type your password there. If you did not type those codes, someone may be trying to get into your account: your password and your funds are safe, and you need to do nothing.'
  const warning = `If you think your password is known to someone, contact ${brand.company.supportEmail}.`
  return {
    subject,
    text: `${lead}\n\n${next}\n${warning}\n${textFooter(brand)}`,
    html: layout(
      brand,
      subject,
      `<p>${escapeHtml(lead)}</p><p>${escapeHtml(next)}</p><p style="color:#6b6880;font-size:14px">${escapeHtml(warning)}</p>`,
    ),
  }
}

/** Wrong passwords from many places (decision 075): the owner is told, once a day, and told they keep their way in. */
export function renderPasswordGuessingMail(brand: BrandConfig): RenderedMail {
  const subject = `Someone is trying passwords on your ${brand.brandName} account`
  const lead = `Many wrong passwords were typed for your ${brand.brandName} account today, from several places. Until this stops, every sign-in from a new browser goes through a code we e-mail to you, whatever password was typed.`
  const next =
    'You can still sign in: a browser where you confirmed a code before signs in with your password, and a new browser with your password and the code from this mailbox. Never pass a code on to anyone.'
  const warning = `If you think your password is known to someone, reset it from the sign-in page or contact ${brand.company.supportEmail}.`
  return {
    subject,
    text: `${lead}\n\n${next}\n${warning}\n${textFooter(brand)}`,
    html: layout(
      brand,
      subject,
      `<p>${escapeHtml(lead)}</p><p>${escapeHtml(next)}</p><p style="color:#6b6880;font-size:14px">${escapeHtml(warning)}</p>`,
    ),
  }
}

export function utc(iso: string): string {
  return iso.replace('T', ' ').slice(0, 16) + ' UTC'
}

export function renderOrderCreatedMail(brand: BrandConfig, order: OrderSummary, simulatedPrice: boolean): RenderedMail {
  const fiat = order.fiatCur.toUpperCase()
  const coin = order.cryptoCur.toUpperCase()
  const subject = `Your ${brand.brandName} order ${order.orderReference}: ${formatAmount(order.cryptoAmount, CRYPTO_DECIMALS[order.cryptoCur])} ${coin}`
  const rows: [string, string][] = [
    ['Reference', order.orderReference],
    ['You pay', `${formatAmount(order.fiatAmount, FIAT_DECIMALS)} ${fiat}`],
    ['Fee', `${formatAmount(order.price.fee, FIAT_DECIMALS)} ${fiat} (${(order.price.feeBps / 100).toFixed(2)} %)`],
    [
      'Price per coin',
      `${formatAmount(order.price.rate, FIAT_DECIMALS)} ${fiat} (market ${formatAmount(order.price.mid, FIAT_DECIMALS)} ${fiat} + ${(order.price.spreadBps / 100).toFixed(2)} % spread)`,
    ],
    ['You receive', `${formatAmount(order.cryptoAmount, CRYPTO_DECIMALS[order.cryptoCur])} ${coin}`],
    ['Wallet', order.orderWallet === PLACEHOLDER_WALLET ? 'to be given before payment' : order.orderWallet],
    ['Price fixed until', utc(order.priceExpiresAt)],
  ]
  const lead = `Thank you. Your order is created and its price is fixed until ${utc(order.priceExpiresAt)}. A card or pay-by-bank payment must be made before then. A bank transfer that arrives later is bought at the price of the moment it arrives if that is close to this one; if the price moved more, we ask you whether to buy at it or to have your money sent back. Nothing is taken from you until you pay.`
  const note = simulatedPrice ? 'Test environment: the price of this order is simulated.' : ''
  return {
    subject,
    text: `${lead}\n\n${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}\n${note ? `\n${note}\n` : ''}${textFooter(brand)}`,
    html: layout(
      brand,
      subject,
      `<p>${escapeHtml(lead)}</p><table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;width:100%;font-size:15px">` +
        rows
          .map(
            ([label, value]) =>
              `<tr><td style="color:#6b6880;border-bottom:1px solid #eee;white-space:nowrap">${escapeHtml(label)}</td><td style="border-bottom:1px solid #eee;word-break:break-all"><strong>${escapeHtml(value)}</strong></td></tr>`,
          )
          .join('') +
        `</table>${note ? `<p style="color:#b45309;font-size:14px">${escapeHtml(note)}</p>` : ''}`,
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
export function renderOrderUpdateMail(brand: BrandConfig, reference: string, update: OrderUpdate): RenderedMail {
  const subject = `${update.headline}: ${brand.brandName} order ${reference}`
  const rows: [string, string][] = [['Reference', reference], ...update.rows]
  return {
    subject,
    text: `${update.lead}\n\n${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}\n${update.note ? `\n${update.note}\n` : ''}${textFooter(brand)}`,
    html: layout(
      brand,
      subject,
      `<p><strong>${escapeHtml(update.headline)}</strong></p><p>${escapeHtml(update.lead)}</p>` +
        `<table role="presentation" cellpadding="6" cellspacing="0" style="border-collapse:collapse;width:100%;font-size:15px">` +
        rows
          .map(
            ([label, value]) =>
              `<tr><td style="color:#6b6880;border-bottom:1px solid #eee;white-space:nowrap">${escapeHtml(label)}</td><td style="border-bottom:1px solid #eee;word-break:break-all"><strong>${escapeHtml(value)}</strong></td></tr>`,
          )
          .join('') +
        `</table>${update.note ? `<p style="color:#6b6880;font-size:14px">${escapeHtml(update.note)}</p>` : ''}`,
    ),
  }
}

/** The outcome of the customer's identity check, with what to do next (decision 039). */
export function renderIdentityOutcomeMail(
  brand: BrandConfig,
  outcome: 'approved' | 'resubmission_requested' | 'rejected',
  message: string | null,
  links: { dashboard: string; identity: string },
): RenderedMail {
  const [subject, lead, next] =
    outcome === 'approved'
      ? [
          `Your identity is verified at ${brand.brandName}`,
          'Thank you: your identity check is complete.',
          `Orders that waited for it go ahead now, and you can go on buying crypto: ${links.dashboard}`,
        ]
      : outcome === 'resubmission_requested'
        ? [
            `Please send your identity documents again: ${brand.brandName}`,
            `Our identity partner asked you to send part of your documents again.${message ? ` Their words: ${message}` : ''}`,
            `Start again where you left off: ${links.identity}`,
          ]
        : [
            `We could not verify your identity at ${brand.brandName}`,
            `We could not verify your identity.${message ? ` The reason: ${message}` : ''}`,
            `Payments waiting for the check are refunded to the account they came from. If you think this is a mistake, contact ${brand.company.supportEmail}.`,
          ]
  return {
    subject,
    text: `${lead}\n\n${next}\n${textFooter(brand)}`,
    html: layout(brand, subject, `<p>${escapeHtml(lead)}</p><p>${escapeHtml(next)}</p>`),
  }
}

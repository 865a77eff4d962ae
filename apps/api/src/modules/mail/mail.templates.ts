import type { BrandConfig } from '@exchange/shared/brand.schemas'
import { CODE_TTL_MINUTES } from '@exchange/shared/constants'

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
function layout(brand: BrandConfig, title: string, bodyHtml: string): string {
  const footer = `${escapeHtml(brand.company.name)} · ${escapeHtml(brand.company.address)}<br>` +
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

function textFooter(brand: BrandConfig): string {
  return `\n--\n${brand.company.name}\n${brand.company.address}\nSupport: ${brand.company.supportEmail}\n`
}

function codeBlock(code: string): string {
  return `<p style="font-size:34px;letter-spacing:10px;font-weight:bold;font-family:Menlo,Consolas,monospace;margin:20px 0;color:#1d1b26">${code}</p>`
}

export function renderVerificationCodeMail(brand: BrandConfig, code: string, reason: 'verify_email' | 'login'): RenderedMail {
  const subject = `${code} is your ${brand.brandName} verification code`
  const lead = reason === 'verify_email'
    ? `Welcome to ${brand.brandName}. Enter this code to confirm your e-mail address:`
    : `Someone, hopefully you, signed in to ${brand.brandName} from a new device. Enter this code to continue:`
  const warning = reason === 'login'
    ? 'If this was not you, change your password now: whoever tried knows it.'
    : 'If you did not sign up, you can ignore this message.'
  return {
    subject,
    text: `${lead}\n\n${code}\n\nThe code is valid for ${CODE_TTL_MINUTES} minutes and can be used once.\n${warning}\nWe will never ask you for this code by phone or chat.\n${textFooter(brand)}`,
    html: layout(brand, subject,
      `<p>${escapeHtml(lead)}</p>${codeBlock(code)}<p>The code is valid for ${CODE_TTL_MINUTES} minutes and can be used once.</p>` +
      `<p style="color:#6b6880;font-size:14px">${escapeHtml(warning)} We will never ask you for this code by phone or chat.</p>`),
  }
}

export function renderResetCodeMail(brand: BrandConfig, code: string): RenderedMail {
  const subject = `${code} is your ${brand.brandName} password reset code`
  const lead = `We received a request to reset the password of your ${brand.brandName} account. Enter this code to choose a new password:`
  const warning = 'If you did not ask for this, ignore this message: your password stays as it is.'
  return {
    subject,
    text: `${lead}\n\n${code}\n\nThe code is valid for ${CODE_TTL_MINUTES} minutes and can be used once.\n${warning}\n${textFooter(brand)}`,
    html: layout(brand, subject,
      `<p>${escapeHtml(lead)}</p>${codeBlock(code)}<p>The code is valid for ${CODE_TTL_MINUTES} minutes and can be used once.</p>` +
      `<p style="color:#6b6880;font-size:14px">${escapeHtml(warning)}</p>`),
  }
}

export function renderPasswordChangedMail(brand: BrandConfig, changedAt: Date): RenderedMail {
  const subject = `Your ${brand.brandName} password was changed`
  const when = changedAt.toISOString().replace('T', ' ').slice(0, 16) + ' UTC'
  const lead = `The password of your ${brand.brandName} account was changed on ${when}. Every device that was signed in has been signed out.`
  const warning = `If you did not do this, contact ${brand.company.supportEmail} at once.`
  return {
    subject,
    text: `${lead}\n\n${warning}\n${textFooter(brand)}`,
    html: layout(brand, subject, `<p>${escapeHtml(lead)}</p><p><strong>${escapeHtml(warning)}</strong></p>`),
  }
}

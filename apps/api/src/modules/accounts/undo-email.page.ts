import type { BrandConfig } from '@exchange/shared/brand.schemas'
import { escapeHtml } from '../mail/mail.templates'

/**
 * The page the old address's link opens (decision 121), served by the api so that the web's first load carries
 * nothing of it: no script, one button. Opening it changes nothing (a mail scanner may open links); the owner presses
 * the button, which posts the token.
 */
function page(brand: BrandConfig, title: string, body: string): string {
  const style =
    `body{margin:0;font-family:system-ui,sans-serif;background:#f4f2fb;color:#1d1b26}` +
    `main{max-width:480px;margin:40px auto;padding:24px;background:#fff;border-radius:12px;line-height:1.5}` +
    `header{background:${brand.brandColor};color:#fff;padding:16px 24px;font-size:20px;font-weight:bold}` +
    `button,a.button{display:inline-block;background:${brand.brandColor};color:#fff;border:0;border-radius:8px;` +
    `padding:12px 18px;font-size:16px;text-decoration:none;cursor:pointer}` +
    `.alert{background:#fff4e6;border:1px solid #f08c00;padding:10px;border-radius:8px}` +
    `@media (max-width:520px){main{margin:0;border-radius:0}}`
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} · ${escapeHtml(brand.brandName)}</title><style>${style}</style></head><body><header>${escapeHtml(brand.brandName)}</header><main><h1 style="font-size:24px">${escapeHtml(title)}</h1>${body}</main></body></html>`
}

/** The button that undoes the change, carrying the link's token. */
export function undoEmailPage(brand: BrandConfig, token: string): string {
  return page(
    brand,
    'Undo the e-mail change',
    `<p>If you did not change the e-mail address of your ${escapeHtml(brand.brandName)} account, give it this address back. Every device will be signed out.</p>` +
      `<form method="post" action="/undoemail"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Give my account this address back</button></form>`,
  )
}

/** The address is back; what to do next. */
export function undoneEmailPage(brand: BrandConfig, email: string): string {
  return page(
    brand,
    'Your address is back',
    `<p role="status">Your account uses <strong>${escapeHtml(email)}</strong> again, and every device was signed out.</p>` +
      `<p>Whoever changed it may know your password: choose a new one now.</p><p><a class="button" href="/resetpass">Choose a new password</a></p>`,
  )
}

/** Why the link did nothing. */
export function undoRefusedPage(brand: BrandConfig, sentence: string): string {
  return page(
    brand,
    'This link did not work',
    `<p class="alert" role="alert">${escapeHtml(sentence)}</p><p>Questions? Write to <a href="mailto:${escapeHtml(brand.company.supportEmail)}">${escapeHtml(brand.company.supportEmail)}</a>.</p>`,
  )
}

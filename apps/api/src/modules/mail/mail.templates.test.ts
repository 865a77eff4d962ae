import { describe, expect, it } from 'vitest'
import { DEFAULT_BRAND } from '@exchange/shared/brand.schemas'
import {
  renderAccountClosedMail,
  renderEmailChangeCodeMail,
  renderEmailChangeUndoneMail,
  renderEmailChangedMail,
  renderSessionsEndedMail,
} from './account-mail.templates'
import { renderPasswordChangedMail, renderResetCodeMail, renderVerificationCodeMail } from './mail.templates'

const AT = new Date('2026-11-22T09:30:00Z')
const UNDO = {
  newEmail: 'new@example.com',
  changedAt: AT,
  undoUrl: 'https://x.example/undoemail?token=t',
  undoUntil: AT,
}

const rendered = [
  renderVerificationCodeMail(DEFAULT_BRAND, '04217', 'verify_email'),
  renderVerificationCodeMail(DEFAULT_BRAND, '04217', 'login'),
  renderResetCodeMail(DEFAULT_BRAND, '04217'),
  renderPasswordChangedMail(DEFAULT_BRAND, new Date('2026-11-22T09:30:00Z')),
  renderSessionsEndedMail(DEFAULT_BRAND, AT, { kind: 'one', device: 'Firefox on Windows' }),
  renderSessionsEndedMail(DEFAULT_BRAND, AT, { kind: 'others', count: 2 }),
  renderEmailChangeCodeMail(DEFAULT_BRAND, '04217'),
  renderEmailChangedMail(DEFAULT_BRAND, UNDO),
  renderEmailChangeUndoneMail(DEFAULT_BRAND, AT),
  renderAccountClosedMail(DEFAULT_BRAND, AT),
]

describe('mail templates', () => {
  it.each(rendered)('$subject carries the company footer in HTML and text', (mail) => {
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain(DEFAULT_BRAND.company.name)
      expect(body).toContain(DEFAULT_BRAND.company.address)
      expect(body).toContain(DEFAULT_BRAND.company.supportEmail)
    }
  })

  it.each(rendered)('$subject loads nothing from outside', (mail) => {
    expect(mail.html).not.toMatch(/<img|url\(|src=|<link|<script/i)
  })

  it('puts the code in the subject, the text and the HTML', () => {
    const mail = renderVerificationCodeMail(DEFAULT_BRAND, '04217', 'verify_email')
    expect(mail.subject).toBe('04217 is your Helvex verification code')
    expect(mail.text).toMatch(/^04217$/m)
    expect(mail.html).toContain('>04217<')
  })

  it('tells a reset code and a new-device code apart from an e-mail confirmation', () => {
    expect(renderResetCodeMail(DEFAULT_BRAND, '11111').text).toContain('reset the password')
    expect(renderVerificationCodeMail(DEFAULT_BRAND, '11111', 'login').text).toContain('new device')
  })

  it('says when the password changed and that sessions ended', () => {
    const mail = renderPasswordChangedMail(DEFAULT_BRAND, new Date('2026-11-22T09:30:00Z'))
    expect(mail.text).toContain('2026-11-22 09:30 UTC')
    expect(mail.text).toContain('signed out')
  })

  it('gives the old address the undo link, its deadline and the new address', () => {
    const mail = renderEmailChangedMail(DEFAULT_BRAND, UNDO)
    expect(mail.text).toContain('https://x.example/undoemail?token=t')
    expect(mail.html).toContain('href="https://x.example/undoemail?token=t"')
    expect(mail.text).toContain('new@example.com')
    expect(mail.text).toContain('2026-11-22 09:30 UTC')
  })

  it('escapes brand text in HTML', () => {
    const brand = { ...DEFAULT_BRAND, company: { ...DEFAULT_BRAND.company, name: 'A <b>&</b> Co AG' } }
    expect(renderResetCodeMail(brand, '11111').html).toContain('A &lt;b&gt;&amp;&lt;/b&gt; Co AG')
  })
})

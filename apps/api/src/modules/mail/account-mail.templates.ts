import type { BrandConfig } from '@exchange/shared/brand.schemas'
import type { Language } from '@exchange/shared/languages'
import { type MailWords, mailWords } from './mail-i18n'
import { type RenderedMail, codeMail, escapeHtml, layout, payoutHoldLine, textFooter } from './mail.templates'

/** The account's security notices (decision 121): each says what changed, when, and what to do if it was not you. */

function notice(
  brand: BrandConfig,
  words: MailWords,
  subject: string,
  paragraphs: string[],
  warning: string,
): RenderedMail {
  return {
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${warning}\n${textFooter(brand, words)}`,
    html: layout(
      brand,
      subject,
      paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('') +
        `<p><strong>${escapeHtml(warning)}</strong></p>`,
      words,
    ),
  }
}

/** The words every notice fills in: the brand's name and its support address. */
const values = (brand: BrandConfig) => ({ brand: brand.brandName, support: brand.company.supportEmail })

/** To the customer: sessions signed out from the account page, one or all but the one used. */
export function renderSessionsEndedMail(
  brand: BrandConfig,
  endedAt: Date,
  ended: { kind: 'one'; device: string } | { kind: 'others'; count: number },
  language: Language = 'en',
): RenderedMail {
  const words = mailWords(language)
  const at = words.when(endedAt)
  const what =
    ended.kind === 'one'
      ? words.t('sessions.one', { ...values(brand), device: ended.device, at })
      : words.t('sessions.others', { ...values(brand), count: ended.count, at })
  return notice(
    brand,
    words,
    words.t('sessions.subject', values(brand)),
    [what],
    words.t('account.notYou', values(brand)),
  )
}

/** To the new address: the code that confirms it. */
export function renderEmailChangeCodeMail(brand: BrandConfig, code: string, language: Language = 'en'): RenderedMail {
  return codeMail(
    brand,
    code,
    { subject: 'emailCode.subject', lead: 'emailCode.lead', warning: 'emailCode.warning' },
    language,
  )
}

/** To the old address: the change, and the link that undoes it until `undoUntil`. */
export function renderEmailChangedMail(
  brand: BrandConfig,
  change: { newEmail: string; changedAt: Date; undoUrl: string; undoUntil: Date },
  language: Language = 'en',
): RenderedMail {
  const words = mailWords(language)
  const subject = words.t('emailChanged.subject', values(brand))
  const changed = words.t('emailChanged.lead', {
    ...values(brand),
    at: words.when(change.changedAt),
    newEmail: change.newEmail,
  })
  const lead = `${changed} ${payoutHoldLine(change.changedAt, words)}`
  const undo = words.t('emailChanged.undo', { until: words.when(change.undoUntil) })
  const warning = words.t('emailChanged.warning', values(brand))
  return {
    subject,
    text: `${lead}\n\n${undo}\n${change.undoUrl}\n\n${warning}\n${textFooter(brand, words)}`,
    html: layout(
      brand,
      subject,
      `<p>${escapeHtml(lead)}</p><p>${escapeHtml(undo)}</p>` +
        `<p><a href="${escapeHtml(change.undoUrl)}" style="color:${brand.brandColor};font-weight:bold">${escapeHtml(words.t('emailChanged.link'))}</a></p>` +
        `<p><strong>${escapeHtml(warning)}</strong></p>`,
      words,
    ),
  }
}

/** To the new address once its code is typed: it is the account's address now (decision 126). */
export function renderEmailNowInUseMail(brand: BrandConfig, changedAt: Date, language: Language = 'en'): RenderedMail {
  const words = mailWords(language)
  return notice(
    brand,
    words,
    words.t('emailInUse.subject', values(brand)),
    [words.t('emailInUse.lead', { ...values(brand), at: words.when(changedAt) }), payoutHoldLine(changedAt, words)],
    words.t('warning.contactAtOnce', values(brand)),
  )
}

/** To the address given back: the undo worked, every device is signed out. */
export function renderEmailChangeUndoneMail(
  brand: BrandConfig,
  undoneAt: Date,
  language: Language = 'en',
): RenderedMail {
  const words = mailWords(language)
  return notice(
    brand,
    words,
    words.t('emailUndone.subject', values(brand)),
    [
      words.t('emailUndone.lead', { ...values(brand), at: words.when(undoneAt) }),
      words.t('emailUndone.next'),
      payoutHoldLine(undoneAt, words),
    ],
    words.t('emailUndone.warning', values(brand)),
  )
}

/** To the address the undo took away (decision 126): the account no longer writes here. */
export function renderEmailChangeUndoneForNewMail(
  brand: BrandConfig,
  undoneAt: Date,
  language: Language = 'en',
): RenderedMail {
  const words = mailWords(language)
  return notice(
    brand,
    words,
    words.t('emailUndoneNew.subject', values(brand)),
    [words.t('emailUndoneNew.lead', { ...values(brand), at: words.when(undoneAt) })],
    words.t('emailUndoneNew.warning', values(brand)),
  )
}

/** To the customer: the account is closed; what is kept and why. */
export function renderAccountClosedMail(brand: BrandConfig, closedAt: Date, language: Language = 'en'): RenderedMail {
  const words = mailWords(language)
  return notice(
    brand,
    words,
    words.t('closed.subject', values(brand)),
    [words.t('closed.lead', { ...values(brand), at: words.when(closedAt) }), words.t('closed.records')],
    words.t('closed.warning', values(brand)),
  )
}

/** A change to two-factor sign-in (decision 124), as its account event names it. */
export type SecondFactorChange =
  | { kind: 'second_factor_enabled'; method: 'totp' | 'passkey' }
  | { kind: 'second_factor_disabled'; method: 'totp' | 'passkey' }
  | { kind: 'recovery_codes_renewed' }
  | { kind: 'recovery_code_used'; left: number }
  | { kind: 'passkey_added'; name: string }
  | { kind: 'passkey_removed'; name: string }

function secondFactorSentence(
  brand: BrandConfig,
  words: MailWords,
  change: SecondFactorChange,
): { subject: string; what: string } {
  const t = (subject: Parameters<MailWords['t']>[0], what: Parameters<MailWords['t']>[0], more = {}) => ({
    subject: words.t(subject, values(brand)),
    what: words.t(what, more),
  })
  switch (change.kind) {
    case 'second_factor_enabled':
      return t('factor.enabled.subject', 'factor.enabled.what', { method: change.method })
    case 'second_factor_disabled':
      return t('factor.disabled.subject', change.method === 'totp' ? 'factor.disabled.totp' : 'factor.disabled.passkey')
    case 'recovery_codes_renewed':
      return t('factor.renewed.subject', 'factor.renewed.what')
    case 'recovery_code_used':
      return t('factor.used.subject', 'factor.used.what', { left: change.left })
    case 'passkey_added':
      return t('factor.passkeyAdded.subject', 'factor.passkeyAdded.what', { name: change.name })
    case 'passkey_removed':
      return t('factor.passkeyRemoved.subject', 'factor.passkeyRemoved.what', { name: change.name })
  }
}

/** To the customer: a second factor was turned on or off, recovery codes made or used, a passkey added or removed. */
export function renderSecondFactorChangedMail(
  brand: BrandConfig,
  change: SecondFactorChange,
  at: Date,
  language: Language = 'en',
): RenderedMail {
  const words = mailWords(language)
  const { subject, what } = secondFactorSentence(brand, words, change)
  return notice(brand, words, subject, [`${what} (${words.when(at)})`], words.t('account.notYou', values(brand)))
}

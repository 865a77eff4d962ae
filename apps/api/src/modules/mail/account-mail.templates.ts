import type { BrandConfig } from '@exchange/shared/brand.schemas'
import { type RenderedMail, codeMail, escapeHtml, layout, payoutHoldLine, textFooter, utc } from './mail.templates'

/** The account's security notices (decision 121): each says what changed, when, and what to do if it was not you. */

function notice(brand: BrandConfig, subject: string, paragraphs: string[], warning: string): RenderedMail {
  return {
    subject,
    text: `${paragraphs.join('\n\n')}\n\n${warning}\n${textFooter(brand)}`,
    html: layout(
      brand,
      subject,
      paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('') +
        `<p><strong>${escapeHtml(warning)}</strong></p>`,
    ),
  }
}

const notYou = (brand: BrandConfig) =>
  `If this was not you, reset your password from the sign-in page at once and contact ${brand.company.supportEmail}.`

/** To the customer: sessions signed out from the account page, one or all but the one used. */
export function renderSessionsEndedMail(
  brand: BrandConfig,
  endedAt: Date,
  ended: { kind: 'one'; device: string } | { kind: 'others'; count: number },
): RenderedMail {
  const what =
    ended.kind === 'one'
      ? `The session on ${ended.device} was signed out`
      : `${ended.count === 1 ? '1 other session was' : `${ended.count} other sessions were`} signed out`
  return notice(
    brand,
    `A session of your ${brand.brandName} account was signed out`,
    [`${what} from your ${brand.brandName} account page on ${utc(endedAt.toISOString())}.`],
    notYou(brand),
  )
}

/** To the new address: the code that confirms it. */
export function renderEmailChangeCodeMail(brand: BrandConfig, code: string): RenderedMail {
  return codeMail(brand, code, {
    subject: `${code} confirms your new ${brand.brandName} e-mail address`,
    lead: `Someone, hopefully you, asked to use this address for a ${brand.brandName} account. Type this code on the account page to confirm it:`,
    warning: 'If you did not ask for this, ignore this message: nothing changes without the code.',
  })
}

/** To the old address: the change, and the link that undoes it until `undoUntil`. */
export function renderEmailChangedMail(
  brand: BrandConfig,
  change: { newEmail: string; changedAt: Date; undoUrl: string; undoUntil: Date },
): RenderedMail {
  const subject = `The e-mail address of your ${brand.brandName} account was changed`
  const lead = `On ${utc(change.changedAt.toISOString())} the e-mail address of your ${brand.brandName} account was changed from this address to ${change.newEmail}. From now on we write to the new address. ${payoutHoldLine(change.changedAt)}`
  const undo = `If you did not do this, open this link before ${utc(change.undoUntil.toISOString())}: it gives the account this address back and signs out every device. It works once.`
  const warning = `Then reset your password from the sign-in page and contact ${brand.company.supportEmail}.`
  return {
    subject,
    text: `${lead}\n\n${undo}\n${change.undoUrl}\n\n${warning}\n${textFooter(brand)}`,
    html: layout(
      brand,
      subject,
      `<p>${escapeHtml(lead)}</p><p>${escapeHtml(undo)}</p>` +
        `<p><a href="${escapeHtml(change.undoUrl)}" style="color:${brand.brandColor};font-weight:bold">Give my account this address back</a></p>` +
        `<p><strong>${escapeHtml(warning)}</strong></p>`,
    ),
  }
}

/** To the new address once its code is typed: it is the account's address now (decision 126). */
export function renderEmailNowInUseMail(brand: BrandConfig, changedAt: Date): RenderedMail {
  return notice(
    brand,
    `This is now the e-mail address of your ${brand.brandName} account`,
    [
      `On ${utc(changedAt.toISOString())} this address became the e-mail address of your ${brand.brandName} account; the old address was told and can undo the change for 72 hours.`,
      payoutHoldLine(changedAt),
    ],
    `If you did not do this, contact ${brand.company.supportEmail} at once.`,
  )
}

/** To the address given back: the undo worked, every device is signed out. */
export function renderEmailChangeUndoneMail(brand: BrandConfig, undoneAt: Date): RenderedMail {
  return notice(
    brand,
    `Your ${brand.brandName} account has this e-mail address again`,
    [
      `On ${utc(undoneAt.toISOString())} the e-mail change of your ${brand.brandName} account was undone: the account uses this address again, and every device was signed out.`,
      'Whoever changed it may know your password: choose a new one now with "Forgot password" on the sign-in page.',
      payoutHoldLine(undoneAt),
    ],
    `Questions? Write to ${brand.company.supportEmail}.`,
  )
}

/** To the address the undo took away (decision 126): the account no longer writes here. */
export function renderEmailChangeUndoneForNewMail(brand: BrandConfig, undoneAt: Date): RenderedMail {
  return notice(
    brand,
    `This address is no longer the e-mail address of a ${brand.brandName} account`,
    [
      `On ${utc(undoneAt.toISOString())} the e-mail change that moved a ${brand.brandName} account to this address was undone from its previous address, and every device of the account was signed out.`,
    ],
    `If you made that change yourself, contact ${brand.company.supportEmail}: we will help you back into your account.`,
  )
}

/** To the customer: the account is closed; what is kept and why. */
export function renderAccountClosedMail(brand: BrandConfig, closedAt: Date): RenderedMail {
  return notice(
    brand,
    `Your ${brand.brandName} account is closed`,
    [
      `Your ${brand.brandName} account was closed on ${utc(closedAt.toISOString())}, and every device was signed out. You can no longer sign in.`,
      'The law requires us to keep the records of your identity checks and orders for the years it sets; they are kept, not used, and deleted when that time ends.',
    ],
    `If you did not close your account, contact ${brand.company.supportEmail} at once.`,
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

function secondFactorSentence(brand: BrandConfig, change: SecondFactorChange): { subject: string; what: string } {
  const app = (method: 'totp' | 'passkey') => (method === 'totp' ? 'an authenticator app' : 'a passkey')
  switch (change.kind) {
    case 'second_factor_enabled':
      return {
        subject: `Two-factor sign-in is on for your ${brand.brandName} account`,
        what: `Two-factor sign-in was turned on with ${app(change.method)}.`,
      }
    case 'second_factor_disabled':
      return {
        subject: `A second factor was removed from your ${brand.brandName} account`,
        what:
          change.method === 'totp'
            ? 'The authenticator app was turned off for signing in.'
            : 'Your last passkey was removed: two-factor sign-in is off.',
      }
    case 'recovery_codes_renewed':
      return {
        subject: `New recovery codes for your ${brand.brandName} account`,
        what: 'New recovery codes were made; the earlier ones no longer work.',
      }
    case 'recovery_code_used':
      return {
        subject: `A recovery code was used on your ${brand.brandName} account`,
        what: `A recovery code was used to prove it was you. ${change.left} of your recovery codes are left.`,
      }
    case 'passkey_added':
      return {
        subject: `A passkey was added to your ${brand.brandName} account`,
        what: `The passkey "${change.name}" was added: it can now sign in to your account.`,
      }
    case 'passkey_removed':
      return {
        subject: `A passkey was removed from your ${brand.brandName} account`,
        what: `The passkey "${change.name}" was removed and can no longer sign in.`,
      }
  }
}

/** To the customer: a second factor was turned on or off, recovery codes made or used, a passkey added or removed. */
export function renderSecondFactorChangedMail(brand: BrandConfig, change: SecondFactorChange, at: Date): RenderedMail {
  const { subject, what } = secondFactorSentence(brand, change)
  return notice(brand, subject, [`${what} (${utc(at.toISOString())})`], notYou(brand))
}

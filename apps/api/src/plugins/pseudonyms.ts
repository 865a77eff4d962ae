import { createHmac } from 'node:crypto'

/**
 * A stable stand-in for an e-mail address (or any personal key) where one is needed to count or to follow a trail:
 * rate-limit keys, log lines (decision 076). Keyed, so a list of known addresses cannot be hashed and matched; the
 * same address gives the same pseudonym in every process that shares the JWT secret.
 */
export function pseudonymOf(key: Buffer, value: string): string {
  return `p_${createHmac('sha256', key).update(value).digest('hex').slice(0, 20)}`
}

/** E-mail addresses as they may appear in any text, JSON-escaped included. */
const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g

/** The single-use token of a partner's link (`/mp?partner=…&token=…`), as a request's logged address carries it. */
const PARTNER_LINK_TOKEN = /([?&]token=)[A-Za-z0-9_-]{43}/g

/**
 * The last guard of the log: any e-mail address left in a line (a provider's error message that names the recipient,
 * a value a future log call forgets to leave out) is dropped before the line is written. The lines that need to
 * name a recipient give its pseudonym instead. The token of a partner's link, in the address of the page it opens, is
 * dropped too: a log reader could otherwise claim a link not yet claimed (decision 114).
 */
export function scrubLogLine(line: string): string {
  const withoutEmails = line.includes('@') ? line.replace(EMAIL_IN_TEXT, '[e-mail]') : line
  return withoutEmails.includes('token=') ? withoutEmails.replace(PARTNER_LINK_TOKEN, '$1[redacted]') : withoutEmails
}

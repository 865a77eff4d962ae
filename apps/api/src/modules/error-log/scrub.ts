/**
 * What an error report must not carry into the log or to the webhook (decision 120), each replaced by a marker:
 * tokens (JWTs, Bearer values, partner keys), the values of password, secret and token fields, five-digit codes where
 * a code is named, and e-mail addresses (also URL-encoded). Applied to every text of a report before it is stored.
 */
const RULES: [RegExp, string][] = [
  // A JWT: three base64url parts, the first a JSON header (`{"` is `eyJ`).
  [/\beyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g, '[token]'],
  [/\b(Bearer|Basic)\s+[\w~+/.=-]+/gi, '$1 [token]'],
  // A partner's API key (decision 111).
  [/\bhvxp_[\w-]+/g, '[token]'],
  // `password: x`, `"password":"x"`, `token=x`, `new_password=x` …: the value goes, the name stays.
  [
    /((?:pass(?:word|wd)?|pwd|secret|token|api[_-]?key|authorization|cookie|jwt)\w*["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;&"'}\]]+)/gi,
    '$1[redacted]',
  ],
  // A five-digit code where a code is named: `code 12345`, `"code":"12345"`, `otp=12345`, `/code/12345`.
  [/((?:code|otp|pin)\w*["']?\s*[:=/\s]\s*["']?)\d{5}(?!\d)/gi, '$1[code]'],
  // E-mail addresses, as typed and URL-encoded.
  [/[\w.!#$'*+^`{|}~-]+(?:@|%40)[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi, '[email]'],
]

export function scrub(text: string): string {
  return RULES.reduce((clean, [pattern, marker]) => clean.replace(pattern, marker), text)
}

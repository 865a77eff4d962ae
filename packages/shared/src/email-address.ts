/**
 * The character and domain rules of an e-mail address, beyond its shape. Shared depends on zod and a few encoding
 * libraries only, so the IDNA step (Punycode, RFC 3492) is written out here rather than taken from `node:url`.
 */

/** Control (NUL, escapes…), format (bidi overrides, zero-width joiners…), lone surrogates, private use, unassigned. */
const FORBIDDEN_CHARACTER = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}]/u
/** A high surrogate not followed by a low one, or a low one not preceded by a high one (by UTF-16 code unit). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function hasForbiddenCharacter(value: string): boolean {
  return LONE_SURROGATE.test(value) || FORBIDDEN_CHARACTER.test(value)
}

/** Scripts told apart for the mixed-script rule; a letter of any other script is refused in a domain. */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Khmer',
  'Han',
  'Hiragana',
  'Katakana',
  'Bopomofo',
] as const
type Script = (typeof SCRIPTS)[number]
const SCRIPT_TESTS = SCRIPTS.map((script) => [script, new RegExp(`^\\p{Script=${script}}$`, 'u')] as const)

/** Scripts that are written together (UTS #39, "highly restrictive"): Latin with the Japanese, Chinese or Korean set. */
const ALLOWED_MIXES: readonly (readonly Script[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
]

function scriptOf(char: string): Script | 'other' | undefined {
  if (!/^[\p{L}\p{M}]$/u.test(char)) return undefined
  if (/^\p{M}$/u.test(char) && !/^\p{L}$/u.test(char)) return undefined
  return SCRIPT_TESTS.find(([, test]) => test.test(char))?.[0] ?? 'other'
}

/**
 * True when the domain could pass for another: compatibility forms (fullwidth `ｅｘａｍｐｌｅ`, mathematical letters)
 * that IDNA would fold into plain ones, a letter outside the known scripts, or scripts mixed across the domain
 * (`pаypal.com` with a Cyrillic `а`, or an all-Cyrillic name under `.com`).
 */
export function isLookalikeDomain(domain: string): boolean {
  if (domain.normalize('NFKC') !== domain.normalize('NFC')) return true
  const scripts = new Set<Script>()
  for (const char of domain) {
    const script = scriptOf(char)
    if (script === 'other') return true
    if (script) scripts.add(script)
  }
  if (scripts.size <= 1) return false
  return !ALLOWED_MIXES.some((mix) => [...scripts].every((script) => mix.includes(script)))
}

const BASE = 36
const T_MIN = 1
const T_MAX = 26
const SKEW = 38
const DAMP = 700
const INITIAL_BIAS = 72
const INITIAL_N = 128

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1
  d += Math.floor(d / points)
  let k = 0
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN))
    k += BASE
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW))
}

function digit(value: number): string {
  return String.fromCharCode(value + 22 + 75 * Number(value < 26))
}

/** RFC 3492 Punycode of one label (without the `xn--` prefix). */
export function punycodeEncode(label: string): string {
  const points = Array.from(label, (char) => char.codePointAt(0)!)
  let output = points
    .filter((point) => point < 0x80)
    .map((point) => String.fromCodePoint(point))
    .join('')
  const basic = output.length
  let handled = basic
  if (basic > 0) output += '-'
  let n = INITIAL_N
  let delta = 0
  let bias = INITIAL_BIAS
  while (handled < points.length) {
    const next = Math.min(...points.filter((point) => point >= n))
    delta += (next - n) * (handled + 1)
    n = next
    for (const point of points) {
      if (point < n) delta += 1
      if (point !== n) continue
      let q = delta
      for (let k = BASE; ; k += BASE) {
        const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias
        if (q < t) break
        output += digit(t + ((q - t) % (BASE - t)))
        q = Math.floor((q - t) / (BASE - t))
      }
      output += digit(q)
      bias = adapt(delta, handled + 1, handled === basic)
      delta = 0
      handled += 1
    }
    delta += 1
    n += 1
  }
  return output
}

/** The ASCII form of a domain (IDNA): NFC, lower case, each non-ASCII label as `xn--` Punycode. */
export function domainToAscii(domain: string): string {
  return domain
    .normalize('NFC')
    .toLowerCase()
    .split('.')
    .map((label) => (/^[ -~]*$/.test(label) ? label : `xn--${punycodeEncode(label)}`))
    .join('.')
}

/** Letters, marks, digits and inner hyphens in each label; at most 63 characters per label once in ASCII. */
export function isHostName(domain: string): boolean {
  const ascii = domainToAscii(domain)
  if (ascii.length > 253) return false
  return domain
    .normalize('NFC')
    .split('.')
    .every((label, index) => {
      const asciiLabel = ascii.split('.')[index] ?? ''
      return /^[\p{L}\p{M}\p{Nd}](?:[\p{L}\p{M}\p{Nd}-]*[\p{L}\p{M}\p{Nd}])?$/u.test(label) && asciiLabel.length <= 63
    })
}

/** The address with its domain in ASCII; an address without one `@` is answered as it came. */
export function normalizeEmailDomain(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 0) return email
  return `${email.slice(0, at)}@${domainToAscii(email.slice(at + 1))}`
}

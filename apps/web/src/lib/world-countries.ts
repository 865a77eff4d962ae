import { activeLocale } from './i18n/locale'

/**
 * Every country and territory with an ISO 3166-1 alpha-2 code, named by the browser in the language in force
 * (Intl.DisplayNames; decision 129),
 * for questions about any country, the high-risk ones included (the residence list, `ALLOWED_COUNTRIES`, leaves
 * many of those out on purpose). Codes the browser cannot name, withdrawn and reserved codes, and groupings are left out.
 */
const NOT_COUNTRIES = new Set([
  // Groupings and private-use codes.
  ...['EU', 'EZ', 'UN', 'QO', 'ZZ', 'XA', 'XB'],
  // Withdrawn codes the browser still names (Burma, Serbia and Montenegro, East Germany …): each has a current one.
  ...['AN', 'BU', 'CS', 'DD', 'DY', 'FX', 'HV', 'NH', 'RH', 'SU', 'TP', 'UK', 'VD', 'YD', 'YU', 'ZR'],
  // Reserved for postal or other uses, part of a listed country.
  ...['AC', 'CP', 'CQ', 'DG', 'EA', 'IC', 'TA'],
])

const cached = new Map<string, { value: string; label: string }[]>()

const namers = new Map<string, Intl.DisplayNames | null>()

/** The browser's namer of countries in a language, made once per language (null where the browser has none). */
function countryNamer(language: string): Intl.DisplayNames | null {
  if (!namers.has(language)) {
    try {
      namers.set(language, new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }))
    } catch {
      namers.set(language, null)
    }
  }
  return namers.get(language) ?? null
}

/** A country's name in the language in force, by the browser; undefined when it cannot name it. */
export function localCountryName(code: string): string | undefined {
  const name = countryNamer(activeLocale().language)?.of(code)
  return name && name !== code ? name : undefined
}

export function worldCountryOptions(): { value: string; label: string }[] {
  const language = activeLocale().language
  const known = cached.get(language)
  if (known) return known
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' })
  const options: { value: string; label: string }[] = []
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second)
      if (NOT_COUNTRIES.has(code)) continue
      const name = names.of(code)
      if (name && name !== code) options.push({ value: code, label: name })
    }
  }
  const sorted = options.sort((a, b) => a.label.localeCompare(b.label, language))
  cached.set(language, sorted)
  return sorted
}

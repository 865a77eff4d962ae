/**
 * Every country and territory with an ISO 3166-1 alpha-2 code, named in English by the browser (Intl.DisplayNames),
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

let cached: { value: string; label: string }[] | null = null

export function worldCountryOptions(): { value: string; label: string }[] {
  if (cached) return cached
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })
  const options: { value: string; label: string }[] = []
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second)
      if (NOT_COUNTRIES.has(code)) continue
      const name = names.of(code)
      if (name && name !== code) options.push({ value: code, label: name })
    }
  }
  cached = options.sort((a, b) => a.label.localeCompare(b.label, 'en'))
  return cached
}

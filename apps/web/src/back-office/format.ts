/**
 * How the back office writes times, ages and amounts: in English (decision 134), times in UTC and said so, amounts from
 * their decimal strings as the api sends them (never through a float).
 */
const TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })

/** "29 Nov 2026, 19:58 UTC". */
export function formatTime(iso: string): string {
  return `${TIME.format(new Date(iso))} UTC`
}

/** How long something has waited, in the largest unit that fits: "12 min", "3 h", "4 d". */
export function formatAge(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000))
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 48) return `${hours} h`
  return `${Math.floor(hours / 24)} d`
}

/** "1,200.50 EUR": the digits as sent, the whole part grouped by thousands. */
export function formatAmount(amount: { value: string; currency: string }): string {
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(amount.value.trim())
  if (!match) return `${amount.value} ${amount.currency}`
  const [, sign, whole, fraction] = match
  return `${sign}${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ?? ''} ${amount.currency}`
}

/**
 * ISO 13616 IBANs: two letters of country, two check digits (ISO 7064 MOD 97-10), then the national account
 * number (BBAN). Used to issue virtual IBANs and to check the payer's IBAN in bank notifications.
 */

/** IBAN lengths of the countries our bank partner and payers use (SWIFT IBAN registry). */
export const IBAN_LENGTHS: Record<string, number> = {
  AT: 20,
  BE: 16,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
}

/** Remainder of the number written by `digits` modulo 97, seven digits at a time so every step stays a safe integer. */
function mod97(digits: string): number {
  let remainder = 0
  for (let i = 0; i < digits.length; i += 7) remainder = Number(String(remainder) + digits.slice(i, i + 7)) % 97
  return remainder
}

function toDigits(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55))
}

/** Removes spaces and upper-cases, the way people paste IBANs. */
export function normalizeIban(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase()
}

export function ibanCheckDigits(country: string, bban: string): string {
  const remainder = mod97(toDigits(`${bban}${country}00`))
  return String(98 - remainder).padStart(2, '0')
}

export function buildIban(country: string, bban: string): string {
  return `${country}${ibanCheckDigits(country, bban)}${bban}`
}

export function isValidIban(input: string): boolean {
  const iban = normalizeIban(input)
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false
  const length = IBAN_LENGTHS[iban.slice(0, 2)]
  if (length !== undefined && iban.length !== length) return false
  return mod97(toDigits(iban.slice(4) + iban.slice(0, 4))) === 1
}

/** Groups of four, as banks print them: "CH93 0076 2011 6238 5295 7". */
export function formatIban(input: string): string {
  return normalizeIban(input).replace(/(.{4})(?=.)/g, '$1 ')
}

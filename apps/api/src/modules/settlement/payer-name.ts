/** Lower case, accents off, letters only: "Zoë  O'Brien-Smith" → ["zoe", "obriensmith"]. */
function tokens(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’.-]/g, '')
    .split(/[^a-z]+/)
    .filter(Boolean)
}

/**
 * Whether the payer's name on a transfer is the customer: every part of the first and last name appears among the
 * payer's name parts, in any order ("LOVELACE ADA", "Ada King Lovelace"). Anything else is held for a person.
 */
export function payerNameMatches(
  payerName: string,
  customer: { firstName: string | null; lastName: string | null },
): boolean {
  if (!customer.firstName || !customer.lastName) return false
  const payer = new Set(tokens(payerName))
  const wanted = [...tokens(customer.firstName), ...tokens(customer.lastName)]
  return wanted.length > 0 && wanted.every((part) => payer.has(part))
}

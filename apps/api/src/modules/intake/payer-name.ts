import { nameTokens as tokens } from '../identity/legal-name'

/**
 * Whether two payer names are the same person's as a bank writes them: the same name parts in any order, by the rule
 * of `payerNameMatches` ("O'Brien, Zoë" and "ZOE OBRIEN"). Used to tell a repeated transfer from another payer's.
 */
export function samePayerName(a: string, b: string): boolean {
  const parts = (name: string) => tokens(name).sort().join(' ')
  return parts(a) !== '' && parts(a) === parts(b)
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

/** Why a transfer is held for a person instead of paying the order. */
export type PayerNameHold = 'payer_differs' | 'name_recently_changed'

/**
 * The payer-name check of a transfer, with the fact payment intake reads from the customers module
 * (`nameChangedWithin`): a name changed within the hold time holds the payment even when the payer now matches it,
 * since renaming oneself to the payer is how the check would otherwise be defeated (decision 028). Empty: it passes.
 */
export function payerNameHolds(
  payerName: string,
  customer: { firstName: string | null; lastName: string | null; nameChangedRecently: boolean },
): PayerNameHold[] {
  const holds: PayerNameHold[] = []
  if (!payerNameMatches(payerName, customer)) holds.push('payer_differs')
  if (customer.nameChangedRecently) holds.push('name_recently_changed')
  return holds
}

import type { PersonName } from '../../providers/identity/identity.provider'

/** Lower case, accents off, letters only: "Zoë  O'Brien-Smith" → ["zoe", "obriensmith"]. */
export function nameTokens(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’.-]/g, '')
    .split(/[^a-z]+/)
    .filter(Boolean)
}

/**
 * Whether a declared name is the name on a verified document (decision 090): every part of the declared name is on
 * the document, in any order and whatever the accents ("Zoe O'Brien" for "Zoë Augusta O'BRIEN"), and the document's
 * last name is part of the declared name. A missing middle name passes; another person's name, or a first name
 * alone, does not.
 */
export function sameLegalName(declared: PersonName, document: PersonName): boolean {
  const onDocument = new Set([...nameTokens(document.firstName), ...nameTokens(document.lastName)])
  const declaredParts = [...nameTokens(declared.firstName), ...nameTokens(declared.lastName)]
  const documentLast = nameTokens(document.lastName)
  return (
    declaredParts.length > 0 &&
    documentLast.length > 0 &&
    declaredParts.every((part) => onDocument.has(part)) &&
    documentLast.every((part) => declaredParts.includes(part))
  )
}

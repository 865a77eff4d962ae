/** A compiled message (as catalog.ts has it): its values in, its text out. */
type CompiledMessage = (values?: Record<string, string | number>) => string

const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ö',
  u: 'ü',
  c: 'ç',
  n: 'ñ',
  y: 'ý',
  A: 'Å',
  E: 'É',
  I: 'Î',
  O: 'Ö',
  U: 'Ü',
  C: 'Ç',
  N: 'Ñ',
  Y: 'Ý',
}

/** Text accented and made about 40% longer, as German and French often are; tags such as `<0>` are kept. */
function stretch(text: string): string {
  return text.replace(/<\/?\d+>|[^<]+|</g, (part) => {
    if (/^<\/?\d+>$/.test(part) || part.trim() === '') return part
    const accented = part.replace(/[a-zA-Z]/g, (letter) => ACCENTED[letter] ?? letter)
    // Words of padding, not one long one: a real translation is longer by its words, and breaks between them.
    const padding = Math.ceil(part.length * 0.4)
    return `${accented}${' ···'.repeat(Math.ceil(padding / 4))}`
  })
}

/**
 * The pseudo-language (decision 129): English accented and stretched, so that a test renders every screen with longer
 * words than any language has and finds what is cut off or overflows.
 */
export function pseudoMessages(english: Record<string, CompiledMessage>): Record<string, CompiledMessage> {
  return Object.fromEntries(Object.entries(english).map(([id, message]) => [id, (values) => stretch(message(values))]))
}

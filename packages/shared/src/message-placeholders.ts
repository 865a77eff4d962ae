import { parse, type Token } from '@messageformat/parser'

/**
 * What an ICU message must keep in every language (decision 129): the values it puts in, its plurals' and selects'
 * included, and its `<n>` tags. A translation may count where English does not ("{left} codes are left" against
 * "{left, plural, one {# code} other {# codes}}"): the value is the same. The web's and the mails' catalog checks
 * compare these.
 */
export function messagePlaceholders(message: string): string[] {
  const found: string[] = []
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content') found.push(...(token.value.match(/<\/?\d+>/g) ?? []))
      else if (token.type === 'argument' || token.type === 'function') found.push(`{${token.arg}}`)
      else if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        found.push(`{${token.arg}}`)
        for (const branch of token.cases) walk(branch.tokens)
      }
    }
  }
  walk(parse(message))
  return [...new Set(found)].sort()
}

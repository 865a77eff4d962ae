import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react'
import { type Catalog, type MessageValues, useCatalog } from './catalog'

const TAG = /<(\d+)>([^<]*)<\/\1>/g

/**
 * A message with parts that are elements (a link, bold text): the message marks them `<0>…</0>`, `<1>…</1>`, and each
 * number's element is given here; its text is the message's, in the customer's language (decision 129).
 */
export function RichText<Id extends string>({
  catalog,
  id,
  values,
  parts,
}: {
  catalog: Catalog<Id>
  id: Id
  values?: MessageValues
  parts: ReactElement<{ children?: ReactNode }>[]
}) {
  const t = useCatalog(catalog)
  const text = t(id, values)
  const nodes: ReactNode[] = []
  let last = 0
  for (const match of text.matchAll(TAG)) {
    nodes.push(text.slice(last, match.index))
    const part = parts[Number(match[1])]
    nodes.push(part ? cloneElement(part, { key: match.index }, match[2]) : match[2])
    last = match.index + match[0].length
  }
  nodes.push(text.slice(last))
  return <Fragment>{nodes}</Fragment>
}

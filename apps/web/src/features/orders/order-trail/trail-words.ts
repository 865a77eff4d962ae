import { formatFiat } from '../../../lib/format'
import englishSource from './locales/en.json?raw'
import { orderTrailCatalog } from './messages'

type TrailId = Parameters<typeof orderTrailCatalog.t>[0]

/** The English messages as written (the api's words are made from the same wording, see trail-words.test.ts). */
const ENGLISH = JSON.parse(englishSource) as Record<TrailId, string>
const PLACEHOLDER = /\{(\w+)\}/g
/** "1,250.00 EUR": an amount as the shared trail writes it, shown again as the customer's locale writes amounts. */
const MONEY = /^(\d{1,3}(?:,\d{3})*(?:\.\d+)?) ([A-Z]{3,4})$/

interface Matcher {
  id: TrailId
  names: string[]
  pattern: RegExp
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function matcherOf(id: TrailId): Matcher {
  const template = ENGLISH[id]
  const names: string[] = []
  let source = ''
  let last = 0
  for (const match of template.matchAll(PLACEHOLDER)) {
    source += escape(template.slice(last, match.index)) + '(.+?)'
    names.push(match[1]!)
    last = match.index + match[0].length
  }
  source += escape(template.slice(last))
  return { id, names, pattern: new RegExp(`^${source}$`, 's') }
}

let matchers: Map<string, Matcher[]> | undefined

/** The messages of each kind of entry, in the order they are tried (a more specific variant first). */
function matchersOf(kind: string): Matcher[] {
  if (!matchers) {
    matchers = new Map()
    for (const id of Object.keys(ENGLISH) as TrailId[]) {
      const kindOf = id.split('.')[1]!
      matchers.set(kindOf, [...(matchers.get(kindOf) ?? []), matcherOf(id)])
    }
  }
  return matchers.get(kind) ?? []
}

/** A security change (a payout hold's reason) in the customer's language, from the words the shared copy gives it. */
function changeWords(english: string): string {
  for (const id of Object.keys(ENGLISH) as TrailId[])
    if (id.startsWith('orderTrail.change.') && ENGLISH[id] === english) return orderTrailCatalog.t(id)
  return english
}

function localValue(name: string, value: string): string {
  if (name === 'change') return changeWords(value)
  const money = MONEY.exec(value)
  return money ? formatFiat(money[1]!.replaceAll(',', ''), money[2]!) : value
}

/**
 * The customer's words of a trail entry (what the api sends, in English) in the customer's language: the entry's kind
 * gives its messages, the English words give the facts (amounts, a wallet, a bank). Words that match none of the
 * kind's messages (an entry worded before this table) are shown as they are.
 */
export function trailWords(kind: string | null, words: string): string {
  if (!kind) return words
  for (const { id, names, pattern } of matchersOf(kind)) {
    const match = pattern.exec(words)
    if (!match) continue
    const values = Object.fromEntries(names.map((name, index) => [name, localValue(name, match[index + 1]!)]))
    return orderTrailCatalog.t(id, values)
  }
  return words
}

/** Why a payment is held for review (the api's words for the held transfer's entry) in the customer's language. */
export function reviewReasonWords(reason: string): string {
  if (reason === ENGLISH['orderTrail.heldForCheck']) return orderTrailCatalog.t('orderTrail.heldForCheck')
  return trailWords('transfer_held', reason)
}

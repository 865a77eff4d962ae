/**
 * What the api records on an order's trail when the customer acts, in the operator's words, and what the customer's
 * own timeline says for it. The api writes only through these; the web reads the customer's words with
 * `customerWordsFor`. One table for both, so a new note cannot reach the customer in the operator's words unnoticed.
 */

interface CustomerNote<Args extends unknown[]> {
  /** The stored cause, as the operator trail shows it. */
  operator: (...args: Args) => string
  /** Reads a stored cause back: the customer's words, null for "nothing to add to the title", undefined if not this note. */
  customer: (cause: string) => string | null | undefined
}

function exact(text: string, customer: string | null): CustomerNote<[]> {
  return { operator: () => text, customer: (cause) => (cause === text ? customer : undefined) }
}

const ANOTHER_ATTEMPT = ' (another attempt)'

/** A start of a hosted payment: the first one moves the order, another one beside it is a note. */
function attempt<Args extends unknown[]>(
  operator: (...args: Args) => string,
  match: RegExp,
  customer: (again: boolean, ...groups: string[]) => string,
): CustomerNote<[...Args, boolean]> {
  return {
    operator: (...args) => {
      const again = args.at(-1) as boolean
      return `${operator(...(args.slice(0, -1) as Args))}${again ? ANOTHER_ATTEMPT : ''}`
    },
    customer: (cause) => {
      const again = cause.endsWith(ANOTHER_ATTEMPT)
      const found = match.exec(again ? cause.slice(0, -ANOTHER_ATTEMPT.length) : cause)
      return found ? customer(again, ...found.slice(1)) : undefined
    },
  }
}

export const CUSTOMER_NOTES = {
  created: exact('Order created at a fixed price', null),
  choseWire: exact('Customer chose to pay by bank transfer', 'You chose to pay by bank transfer'),
  choseViban: exact(
    'Customer chose to pay to their virtual IBAN',
    'You chose to pay by bank transfer to your virtual IBAN',
  ),
  transferSent: exact('Customer reports the transfer as sent', 'You told us the transfer is on its way'),
  startedPayment: exact('Customer started the payment', 'You started the payment'),
  cameBackFailed: exact('Payment reported failed on return', 'You came back without completing the payment'),
  cancelled: exact('Cancelled by the customer', null),
  cardStarted: attempt(
    () => 'Card payment started at the hosted checkout',
    /^Card payment started at the hosted checkout$/,
    (again) => (again ? 'You tried paying by card again' : 'You went to the card payment page'),
  ),
  payByBankStarted: attempt(
    (bank: string) => `Pay-by-bank started at ${bank}`,
    /^Pay-by-bank started at (.+)$/,
    (again, bank) =>
      again ? `You tried paying from your bank (${bank}) again` : `You went to pay from your bank (${bank})`,
  ),
  walletGiven: {
    operator: (wallet: string) => `Wallet given for delivery: ${wallet}`,
    customer: (cause: string) =>
      cause.startsWith('Wallet given for delivery: ')
        ? `You gave the wallet for your coins: ${cause.slice('Wallet given for delivery: '.length)}`
        : undefined,
  },
  lateRefundChosen: {
    operator: (amount: string) => `Late payment of ${amount} refunded at the customer's choice`,
    customer: (cause: string) => {
      const found = /^Late payment of (.+) refunded at the customer's choice$/.exec(cause)
      return found ? `You chose to have ${found[1]} sent back` : undefined
    },
  },
  walletChanged: {
    operator: (wallet: string, was: string) =>
      `Customer chose another wallet while the payout waited: ${wallet} (was ${was})`,
    customer: (cause: string) => {
      const found = /^Customer chose another wallet while the payout waited: (.+) \(was .+\)$/.exec(cause)
      return found ? `You chose to have your coins sent to ${found[1]}` : undefined
    },
  },
  refundAsked: exact(
    'Refund asked for by the customer while the payout waited',
    'You asked for your money back instead of waiting',
  ),
  lateRepriceChosen: {
    operator: (rate: string, received: string) =>
      `Re-priced at ${rate} per coin with the customer's consent (${received})`,
    customer: (cause: string) => {
      const found = /^Re-priced at (.+) per coin with the customer's consent \((.+)\)$/.exec(cause)
      return found
        ? `You chose to buy at today's price, ${found[1]} per coin, with the ${found[2]} you sent`
        : undefined
    },
  },
}

/**
 * The customer's words for a cause recorded when they acted: a sentence, null when the entry's title says it all, or
 * undefined for a cause this table does not know (the timeline then leaves it out rather than show operator words).
 */
export function customerWordsFor(cause: string): string | null | undefined {
  for (const note of Object.values(CUSTOMER_NOTES)) {
    const words = note.customer(cause)
    if (words !== undefined) return words
  }
  return undefined
}

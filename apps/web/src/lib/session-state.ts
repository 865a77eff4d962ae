import type { PaymentOption } from '@exchange/shared/orders.schemas'
import type { RateGroup } from '@exchange/shared/rates.schemas'
import type { OrderStatus } from '@exchange/shared/order-rules'

/**
 * The visitor's session state (spec section 3), kept in sessionStorage so it survives a reload of the
 * tab but not the tab itself. Nothing else touches these keys.
 */
const STORAGE_KEY = 'sessionState'

/** Greeting used when the customer has not given a name yet: "Hello, there". */
const DEFAULT_CLIENT_NAME = 'there'

export interface SessionState {
  /** The e-mail the visitor signed up or logged in with; the code screens send codes to it. */
  username: string | null
  /** When the code screens may ask for another code (ms since the epoch), as the api last said. */
  nextCodeAt: number | null
  clientName: string
  clientEmail: string | null
  lastScreen: string | null
  /** The prices last shown by the calculator (`getHpRates`' list). */
  ratesArray: RateGroup[]
  /** The payment options offered for the active order, by group. */
  pspArray: PaymentOption[]
  banksArray: PaymentOption[]
  altMethodArray: PaymentOption[]
  /** The option chosen for the active order: a card or alternative provider, or a bank (with its tlId). */
  selectedPsp: PaymentOption | null
  selectedBank: PaymentOption | null
  /** The order being paid (spec section 3's active order), and the one that was before it ended. */
  activeOrder: ActiveOrder | null
  lastActiveOrder: ActiveOrder | null
  /**
   * The outcome the return page read for the last card or pay-by-bank payment (never the redirect itself):
   * the thank-you and sorry screens show this order, which may not be the active one.
   */
  lastPayment: LastPayment | null
}

export interface LastPayment {
  orderReference: string
  /** `refunded`: the money arrived after the order had ended (e.g. its price ran out), so it goes back. */
  outcome: 'succeeded' | 'failed' | 'refunded'
  /** The reason in plain words, when the payment failed or did not pay the order. */
  failureReason: string | null
}

/**
 * Spec section 3's active order: the started order this tab is paying. The one store of an order outside the address:
 * a page's address names its order (`?order=`), and this is what a payment step falls back on when it does not, e.g.
 * back from a hosted payment page. It lives here, with the rest of the tab's state, and active-order.ts keeps it.
 */
export interface ActiveOrder {
  orderReference: string
  tranId: string
  statusName: OrderStatus
  fiatCur: string
  cryptoCur: string
  /** The fiat amount with thousands commas, e.g. "1,250.00". */
  orderAmount: string
  orderWallet: string
  azToken: string
}

const EMPTY: SessionState = {
  username: null,
  nextCodeAt: null,
  clientName: DEFAULT_CLIENT_NAME,
  clientEmail: null,
  lastScreen: null,
  ratesArray: [],
  pspArray: [],
  banksArray: [],
  altMethodArray: [],
  selectedPsp: null,
  selectedBank: null,
  activeOrder: null,
  lastActiveOrder: null,
  lastPayment: null,
}

function read(): Partial<SessionState> {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : {}
    return typeof parsed === 'object' && parsed !== null ? (parsed as Partial<SessionState>) : {}
  } catch {
    return {}
  }
}

export function getSessionState(): SessionState {
  return { ...EMPTY, ...read() }
}

export function updateSessionState(patch: Partial<SessionState>): SessionState {
  const next = { ...getSessionState(), ...patch }
  window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next))
  return next
}

export function clearSessionState(): void {
  window.sessionStorage.removeItem(STORAGE_KEY)
}

/** First and last name, or the default greeting when both are empty. */
export function clientNameOf(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const name = [firstName, lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ')
  return name || DEFAULT_CLIENT_NAME
}

import { DEFAULT_CRYPTO, DEFAULT_FIAT, DEFAULT_ORDER_TYPE } from '@exchange/shared/constants'

/** The order being put together (spec section 3); mirrored to localStorage as `lastOrder`. */
const STORAGE_KEY = 'lastOrder'

export interface CurrentOrder {
  fiatCur: string
  cryptoCur: string
  orderType: string
  orderAmount: string | null
  orderValue: string | null
  orderReference: string | null
  /** The api's transaction id of the started order, kept beside its reference. */
  tranId: string | null
  orderWallet: string | null
}

function newOrder(): CurrentOrder {
  return {
    fiatCur: DEFAULT_FIAT,
    cryptoCur: DEFAULT_CRYPTO,
    orderType: DEFAULT_ORDER_TYPE,
    orderAmount: null,
    orderValue: null,
    orderReference: null,
    tranId: null,
    orderWallet: null,
  }
}

/** The order saved by an earlier visit, if any. */
export function readLastOrder(): CurrentOrder | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY)
    return raw ? { ...newOrder(), ...(JSON.parse(raw) as Partial<CurrentOrder>) } : null
  } catch {
    return null
  }
}

// A reload picks the order up where the customer left it.
let current: CurrentOrder = readLastOrder() ?? newOrder()

export function getCurrentOrder(): CurrentOrder {
  return current
}

export function saveCurrentOrder(patch: Partial<CurrentOrder>): CurrentOrder {
  current = { ...current, ...patch }
  window.localStorage.setItem(STORAGE_KEY, JSON.stringify(current))
  return current
}

export function clearCurrentOrder(): void {
  current = newOrder()
  window.localStorage.removeItem(STORAGE_KEY)
}

import { useSearchParams } from 'react-router'
import { ORDER_PARAM } from '@exchange/shared/web-links'
import { getSessionState } from './session-state'

const REFERENCE = /^[A-Z0-9]{6,20}$/

/**
 * Which kind of page asks: a payment step acts on the order this tab is paying; a result page reports on the
 * payment the return page checked.
 */
export type OrderPage = 'payment' | 'result'

/**
 * The order a payment or result page is about: the one named in its address (`?order=`), else the one this tab is
 * paying (payment steps) or whose payment this tab's return page checked (result pages); null when neither says.
 *
 * Never "some open order": a page opened in a new tab with no reference used to pick the customer's oldest open
 * order, and a transfer then matched an order the customer did not mean. A page that does not know says so.
 */
function orderReferenceFor(page: OrderPage, search: URLSearchParams): string | null {
  const named = search.get(ORDER_PARAM)?.trim().toUpperCase()
  if (named && REFERENCE.test(named)) return named
  const { activeOrder, lastPayment } = getSessionState()
  return (page === 'payment' ? activeOrder?.orderReference : lastPayment?.orderReference) ?? null
}

/** `orderReferenceFor` over the current address. */
export function useOrderInView(page: OrderPage): string | null {
  const [search] = useSearchParams()
  return orderReferenceFor(page, search)
}

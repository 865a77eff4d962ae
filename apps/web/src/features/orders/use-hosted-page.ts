import { useState } from 'react'
import { updateActiveOrderStatus } from '../../lib/active-order'

/**
 * Sends the browser to a party's hosted page (card checkout, bank consent). The order now awaits its payment, and the
 * button stays busy until the page goes.
 */
export function useHostedPage() {
  const [leaving, setLeaving] = useState(false)
  function leaveFor(url: string, orderReference: string) {
    setLeaving(true)
    updateActiveOrderStatus(orderReference, 'awaiting_payment')
    window.location.assign(url)
  }
  return { leaving, leaveFor }
}

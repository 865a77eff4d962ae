import { useState } from 'react'
import { updateActiveOrderStatus } from '../../lib/active-order'
import { goToHostedPage } from '../../lib/hosted-page'

/**
 * Sends the browser to a party's hosted page (card checkout, bank consent). The order now awaits its payment, and the
 * button stays busy until the page goes.
 */
export function useHostedPage() {
  const [leaving, setLeaving] = useState(false)
  function leaveFor(url: string, orderReference: string) {
    if (!goToHostedPage(url)) return
    setLeaving(true)
    updateActiveOrderStatus(orderReference, 'awaiting_payment')
  }
  return { leaving, leaveFor }
}

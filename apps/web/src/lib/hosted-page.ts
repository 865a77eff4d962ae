/** What a hosted step dispatches on `window` inside a partner's frame instead of leaving it (decision 123). */
export const NEW_TAB_NEEDED = 'helvex:new-tab-needed'

/**
 * Sends the browser to a party's hosted page (card checkout, bank consent, identity check, signature). Inside a
 * partner's frame, where those pages cannot be shown (they refuse frames) and where what the visit keeps may not
 * survive a page load, the frame is asked to offer a new tab instead. Answers whether the page is being left.
 */
export function goToHostedPage(url: string): boolean {
  if (window.top !== window.self) {
    window.dispatchEvent(new Event(NEW_TAB_NEEDED))
    return false
  }
  window.location.assign(url)
  return true
}

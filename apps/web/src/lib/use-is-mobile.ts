import { MOBILE_MAX_WIDTH_PX } from '@exchange/shared/constants'
import { useSyncExternalStore } from 'react'

/** Below 768 px (spec: extra small and small) the screens use their mobile layout. */
const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH_PX - 0.02}px)`

function subscribe(onChange: () => void) {
  const query = window.matchMedia(MOBILE_QUERY)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

const isMobileNow = () => window.matchMedia(MOBILE_QUERY).matches

/** Read at once rather than after an effect, so a phone never paints the two-column layout first. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false)
}

import { MOBILE_MAX_WIDTH_PX } from '@exchange/shared/constants'
import { useMediaQuery } from '@mantine/hooks'

/** Below 768 px (spec: extra small and small) the screens use their mobile layout. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH_PX - 0.02}px)`

export function useIsMobile(): boolean {
  // Read at once rather than after an effect, so a phone never paints the two-column layout first.
  return useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false })
}

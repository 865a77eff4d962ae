import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { ReturnAuthScreen } from '../../features/identity/components/return-auth-screen'
import { JOURNEY_QUERY_KEY } from '../../features/journey/api/get-journey-status'

/**
 * /dashboard-returnauth: where the identity partner sends the browser back. Once the check is decided, the steps the
 * customer owes are asked for again: the checks and the menu's count do not wait for their answer to age.
 */
export function Component() {
  const queryClient = useQueryClient()
  const journeyChanged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: [JOURNEY_QUERY_KEY] })
  }, [queryClient])
  return <ReturnAuthScreen onDecided={journeyChanged} />
}

import { LogoutAnswer } from '@exchange/shared/accounts.schemas'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { postUser } from '../../../lib/api-client'
import { expireJwtCookie } from '../../../lib/cookies'
import { clearCurrentOrder } from '../../../lib/current-order'
import { clearSessionState } from '../../../lib/session-state'

const PUBLIC_QUERIES = new Set(['brand', 'ukStatus', 'rates'])

/** `logout`: revokes the session on the server; does nothing without a token. */
export async function logOut(brandName: string): Promise<boolean> {
  const answer = await postUser('logout', { brandName }, LogoutAnswer)
  return answer !== false && answer.result
}

/** Forgets everything this browser holds about the customer (spec section 4). */
export function clearLocalSession(): void {
  clearCurrentOrder()
  clearSessionState()
  expireJwtCookie()
}

/** Logs out on the server, then clears the local session even when the server could not be reached. */
export function useLogOut() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (brandName: string) => {
      try {
        return await logOut(brandName)
      } finally {
        clearLocalSession()
        // Everything cached about the customer goes; the brand, the UK status and the prices stay.
        queryClient.removeQueries({ predicate: (query) => !PUBLIC_QUERIES.has(String(query.queryKey[0])) })
      }
    },
  })
}

import { okCheck } from '../../../lib/answer-checks'
import { postUser } from '../../../lib/api-client'
import { expireJwtCookie } from '../../../lib/cookies'
import { clearCurrentOrder } from '../../../lib/current-order'
import { clearSessionState } from '../../../lib/session-state'

/** `logout`: revokes the session on the server; does nothing without a token. */
async function logOut(brandName: string): Promise<boolean> {
  const answer = await postUser('logout', { brandName }, okCheck)
  return answer !== false && answer.result
}

/** Forgets everything this browser holds about the customer (spec section 4). */
function clearLocalSession(): void {
  clearCurrentOrder()
  clearSessionState()
  expireJwtCookie()
}

/**
 * Logs out on the server, then clears the local session even when the server could not be reached. What the dashboard
 * cached about the customer went with it: its query cache lives in the signed-in layout, which is gone by now.
 */
export async function logOutEverywhere(brandName: string): Promise<boolean> {
  try {
    return await logOut(brandName)
  } finally {
    clearLocalSession()
  }
}

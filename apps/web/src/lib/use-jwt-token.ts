import { useSyncExternalStore } from 'react'
import { readJwtCookie, subscribeToJwtCookie } from './cookies'

/** The session token of this tab, re-read whenever the app saves or expires it. */
export function useJwtToken(): string | null {
  return useSyncExternalStore(subscribeToJwtCookie, readJwtCookie, () => null)
}

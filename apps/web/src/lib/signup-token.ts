import { signupTokenOf } from '@exchange/shared/account-rules'
import { DEFAULT_SIGNUP_TOKEN } from '@exchange/shared/constants'

/** The affiliate token of the `az` query parameter, remembered for the tab so it survives navigation. */
const STORAGE_KEY = 'signupToken'

function tokenFrom(search: string): string | null {
  return signupTokenOf(new URLSearchParams(search).get('az'))
}

/** Call on every page load: a visitor who lands with `?az=` keeps that token until sign-up. */
export function captureSignupToken(search: string = window.location.search): void {
  const token = tokenFrom(search)
  if (token) window.sessionStorage.setItem(STORAGE_KEY, token)
}

export function getSignupToken(search: string = window.location.search): string {
  return tokenFrom(search) ?? window.sessionStorage.getItem(STORAGE_KEY) ?? DEFAULT_SIGNUP_TOKEN
}

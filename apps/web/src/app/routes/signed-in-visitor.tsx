import { ALERT_MESSAGES } from '@exchange/shared/messages'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { useEffect, useState, type ReactNode } from 'react'
import { Navigate } from 'react-router'
import { localizeCopy } from '../../lib/common-copy'
import { forgetSessionEnded, readJwtCookie, sessionEnded } from '../../lib/cookies'

/**
 * `/` and `/login` opened by a visitor who is signed in lead to the dashboard rather than to a form to sign in again
 * (decision 125). The cookie is read as the page opens, not followed: the login form's own way on, once it has saved
 * the new token, is not overtaken. A stale token goes to the dashboard too, whose first call ends it and comes back.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const [signedIn] = useState(() => readJwtCookie() !== null)
  return signedIn ? <Navigate to={WEB_PATHS.dashboard} replace /> : children
}

/** Above the login form after a session ended by itself (a call answered 401): why the customer must log in again. */
export function SessionEndedNotice() {
  const [ended] = useState(sessionEnded)
  useEffect(forgetSessionEnded, [])
  return ended ? (
    <p role="alert" className="ac-notice">
      {localizeCopy(ALERT_MESSAGES.sessionEnded)}
    </p>
  ) : null
}

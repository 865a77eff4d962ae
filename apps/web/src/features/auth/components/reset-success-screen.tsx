import * as WEB_PATHS from '@exchange/shared/web-paths'
import { REDIRECT_COUNTDOWN_SECONDS } from '@exchange/shared/constants'
import { useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { AuthCard, ButtonLink } from '../../../components/account/ui'
import { useCatalog } from '../../../lib/i18n/catalog'
import { RichText } from '../../../lib/i18n/rich-text'
import { commonCatalog } from '../../../lib/common-copy'
import { authCatalog } from '../messages'

/** What the reset's last step hands /redirect: only then does it say that the password was changed (decision 125). */
export const PASSWORD_CHANGED = { passwordChanged: true }

/**
 * /redirect: the success screen, counting down to /login. Opened any other way (typed, a bookmark, reloaded later in
 * another tab), it says nothing was changed and leads to the login form all the same.
 */
export function ResetSuccessScreen() {
  const t = useCatalog(authCatalog)
  const navigate = useNavigate()
  const changed = (useLocation().state as typeof PASSWORD_CHANGED | null)?.passwordChanged === true
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_COUNTDOWN_SECONDS)

  useEffect(() => {
    const timer = setInterval(() => setSecondsLeft((seconds) => Math.max(seconds - 1, 0)), 1000)
    return () => clearInterval(timer)
  }, [])

  useEffect(() => {
    if (secondsLeft === 0) void navigate(WEB_PATHS.login, { replace: true })
  }, [secondsLeft, navigate])

  return (
    <AuthCard title={changed ? t('auth.done.title') : t('auth.done.notChangedTitle')}>
      <div className="ac-stack ac-centred">
        {changed ? (
          <div className="ac-done-icon" aria-hidden="true">
            <svg
              width="32"
              height="32"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M20 6 9 17l-5-5" />
            </svg>
          </div>
        ) : null}
        <p>{changed ? t('auth.done.changed') : t('auth.done.nothing')}</p>
        <p className="ac-dimmed ac-small" role="timer" aria-live="polite">
          <RichText
            catalog={authCatalog}
            id="auth.done.redirecting"
            values={{ seconds: secondsLeft }}
            parts={[<strong />]}
          />
        </p>
        <ButtonLink to={WEB_PATHS.login}>{commonCatalog.t('common.login.submit')}</ButtonLink>
      </div>
    </AuthCard>
  )
}

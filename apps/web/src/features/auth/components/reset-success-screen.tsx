import * as WEB_PATHS from '@exchange/shared/web-paths'
import { REDIRECT_COUNTDOWN_SECONDS } from '@exchange/shared/constants'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { AuthCard, ButtonLink } from '../../../components/account/ui'

/** /redirect: the success screen, counting down to /login. */
export function ResetSuccessScreen() {
  const navigate = useNavigate()
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_COUNTDOWN_SECONDS)

  useEffect(() => {
    const timer = setInterval(() => setSecondsLeft((seconds) => Math.max(seconds - 1, 0)), 1000)
    return () => clearInterval(timer)
  }, [])

  useEffect(() => {
    if (secondsLeft === 0) void navigate(WEB_PATHS.login, { replace: true })
  }, [secondsLeft, navigate])

  return (
    <AuthCard title="All done!">
      <div className="ac-stack ac-centred">
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
        <p>Your password has been changed. You can now log in with your new password.</p>
        <p className="ac-dimmed ac-small" role="timer" aria-live="polite">
          Redirecting to login in <strong>{secondsLeft}</strong> {secondsLeft === 1 ? 'second' : 'seconds'}
        </p>
        <ButtonLink to={WEB_PATHS.login}>Login</ButtonLink>
      </div>
    </AuthCard>
  )
}

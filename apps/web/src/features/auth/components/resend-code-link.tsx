import * as WEB_PATHS from '@exchange/shared/web-paths'
import { CODE_RESEND_COOLDOWN_SECONDS } from '@exchange/shared/constants'
import type { FailureAnswer } from '@exchange/shared/answer'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { Link } from 'react-router'
import { TextButton } from '../../../components/account/ui'
import { alertCopyFor } from '../../../lib/alert-copy'
import { formatClockTime, formatWeekdayTime } from '../../../lib/format'
import type { useTimedAlert } from '../../../lib/use-timed-alert'
import { useEffect, useState } from 'react'
import { localizeCopy } from '../../../lib/common-copy'
import { useCatalog } from '../../../lib/i18n/catalog'
import { authCatalog } from '../messages'

/** "14:32:05", or with the day when the wait runs past today (codes paused for the day), in the customer's locale. */
function formatNextCodeAt(at: number, now = Date.now()): string {
  const sameDay = new Date(at).toDateString() === new Date(now).toDateString()
  const iso = new Date(at).toISOString()
  return sameDay ? formatClockTime(iso) : formatWeekdayTime(iso)
}

/**
 * When the next code may be asked for, from the api's `retryAfterSeconds`: after a code was sent ("Code sent!"), or
 * after a refused request. The link comes back when that time has passed.
 */
export function useNextCode(initialAt: number | null = null) {
  const [state, setState] = useState(() => ({
    sent: false,
    at: initialAt !== null && initialAt > Date.now() ? initialAt : null,
  }))
  useEffect(() => {
    if (state.at === null) return
    const timer = setTimeout(() => setState({ sent: false, at: null }), Math.max(0, state.at - Date.now()))
    return () => clearTimeout(timer)
  }, [state.at])
  const atFrom = (seconds: number | undefined) => Date.now() + (seconds ?? CODE_RESEND_COOLDOWN_SECONDS) * 1000
  return {
    sent: state.sent,
    at: state.at,
    markSent: (retryAfterSeconds?: number) => setState({ sent: true, at: atFrom(retryAfterSeconds) }),
    markWait: (retryAfterSeconds: number) => setState({ sent: false, at: atFrom(retryAfterSeconds) }),
  }
}

type NextCode = ReturnType<typeof useNextCode>
type CodeAnswer = { result: true; retryAfterSeconds?: number } | FailureAnswer

/**
 * "Didn't get the code?" on either code screen: asks for another code with `send`, then shows "Code sent!" and when
 * the next may be asked for, or why none was sent.
 */
export function askForAnotherCode<Request>(
  send: (request: Request, handlers: { onSuccess: (answer: CodeAnswer) => void; onError: () => void }) => void,
  request: Request,
  nextCode: NextCode,
  alert: ReturnType<typeof useTimedAlert>,
) {
  alert.clear()
  send(request, {
    onSuccess: (answer) => {
      if (answer.result) {
        nextCode.markSent(answer.retryAfterSeconds)
        return
      }
      alert.show(alertCopyFor(answer, ALERT_MESSAGES.somethingWentWrong))
      if (answer.retryAfterSeconds !== undefined) nextCode.markWait(answer.retryAfterSeconds)
    },
    onError: () => alert.show(ALERT_MESSAGES.somethingWentWrong),
  })
}

/**
 * The foot of both code screens: "Didn't get the code?" (or, after one was sent or refused, when the next may be asked
 * for), and the way back to login.
 */
export function CodeScreenFoot({
  nextCode: { sent, at },
  pending,
  onResend,
}: {
  nextCode: NextCode
  pending: boolean
  onResend: () => void
}) {
  const t = useCatalog(authCatalog)
  return (
    <div className="ac-stack-tight">
      {at === null ? (
        <TextButton onClick={onResend} disabled={pending}>
          {localizeCopy(ALERT_MESSAGES.codeNotReceived)}
        </TextButton>
      ) : (
        <div role="status" className="ac-stack-tight">
          {sent ? <p className="ac-success ac-dimmed">{localizeCopy(ALERT_MESSAGES.codeSent)}</p> : null}
          <p className="ac-dimmed ac-small">{t('auth.code.nextAt', { time: formatNextCodeAt(at) })}</p>
        </div>
      )}
      <Link to={WEB_PATHS.login} className="ac-link" data-tone="dimmed">
        {t('auth.code.backToLogin')}
      </Link>
    </div>
  )
}

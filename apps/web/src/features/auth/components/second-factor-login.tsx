import type { SecondFactorStep } from '@exchange/shared/accounts.schemas'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import type * as AccountUi from '../../../components/account/ui'
import { takeAfterLogin } from '../../../lib/after-login'
import { postPublic } from '../../../lib/api-client'
import { okCheck, tokenCheck } from '../../../lib/answer-checks'
import { useBrand } from '../../../lib/brand-context'
import { saveJwtCookie } from '../../../lib/cookies'
import { passkeyFailure, secondFactorCopy, getPasskey } from '../../../lib/passkey-browser'
import { useCatalog } from '../../../lib/i18n/catalog'
import { passkeysCatalog } from '../../../lib/passkeys/messages'
import { authCatalog } from '../messages'

export { signInWithPasskey } from './passkey-sign-in'

export type LoginParts = Pick<typeof AccountUi, 'AuthCard' | 'Button' | 'FormAlert' | 'TextButton' | 'TextField'>

type Answer = { result: true; data: { token: string } } | { result: false; error: string }
type Challenge = { result: true; data: { challengeId: string; options: Record<string, unknown> } }

const copyOf = (answer: { error: string }) => secondFactorCopy(answer.error) ?? ALERT_MESSAGES.somethingWentWrong

/** The ticket's customer's passkey, asked of the browser for the api's request; or why there is none. */
async function passkeyProof(
  brandName: string,
  ticket: string,
): Promise<{ ok: true; passkey: Record<string, unknown> } | { ok: false; message: string }> {
  const challenge = (await postPublic('passkeyLoginOptions', { brandName, ticket }, okCheck)) as
    Challenge | { result: false; error: string }
  if (!challenge.result) return { ok: false, message: copyOf(challenge) }
  try {
    const response = await getPasskey(challenge.data.options)
    return { ok: true, passkey: { challengeId: challenge.data.challengeId, response } }
  } catch (failure) {
    return { ok: false, message: passkeyFailure(failure) }
  }
}

/** Sends the ticket with a second factor; signs in, or says why not (under the field, or for the whole step). */
function useSecondFactorSend(ticket: string) {
  const brand = useBrand()
  const navigate = useNavigate()
  const [error, setError] = useState<string | undefined>()
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  function signedIn(answer: Answer) {
    if (answer.result) {
      saveJwtCookie(answer.data.token, brand.cookieLifetimeHours)
      void navigate(takeAfterLogin())
    } else if (answer.error === 'login_ticket_invalid' || answer.error === 'account_closed') setAlert(copyOf(answer))
    else setError(copyOf(answer))
  }

  async function send(body: Record<string, unknown>) {
    setBusy(true)
    setAlert(null)
    setError(undefined)
    try {
      signedIn(
        (await postPublic('loginSecondFactor', { brandName: brand.brandName, ticket, ...body }, tokenCheck)) as Answer,
      )
    } catch {
      setAlert(ALERT_MESSAGES.somethingWentWrong)
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, alert, setError, setAlert, send }
}

/**
 * The login's second step (decision 124), loaded only when the password step answers it: a code of the authenticator
 * app or a recovery code, or a passkey. The ticket of the password step goes with it; an expired one sends the
 * customer back to the password.
 */
export function SecondFactorLogin({
  step,
  onRestart,
  ui: { AuthCard, Button, FormAlert, TextButton, TextField },
}: {
  step: SecondFactorStep
  onRestart: () => void
  /**
   * The login page's own parts, handed over rather than imported: imported here, the bundler would move the account
   * screens' shared modules out of the first load's file into one more file to fetch (decision 124).
   */
  ui: LoginParts
}) {
  const t = useCatalog(authCatalog)
  useCatalog(passkeysCatalog)
  const brand = useBrand()
  const [code, setCode] = useState('')
  const { busy, error, alert, setError, setAlert, send } = useSecondFactorSend(step.ticket)
  const hasApp = step.methods.includes('totp')
  const hasPasskey = step.methods.includes('passkey')

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const typed = code.replace(/[\s-]+/g, '')
    if (!/^\d{6}$/.test(typed) && !/^[A-Za-z2-9]{10}$/.test(typed))
      return setError(secondFactorCopy('validation_failed'))
    void send({ code: typed })
  }

  async function withPasskey() {
    setAlert(null)
    setError(undefined)
    const proof = await passkeyProof(brand.brandName, step.ticket)
    if (proof.ok) await send({ passkey: proof.passkey })
    else setAlert(proof.message)
  }

  const lead = hasApp ? t('auth.secondFactor.leadApp') : t('auth.secondFactor.leadPasskey')
  return (
    <AuthCard title={t('auth.secondFactor.title')} description={lead}>
      <form onSubmit={submitCode} noValidate aria-label={t('auth.secondFactor.title')} className="ac-stack">
        {hasPasskey ? (
          <Button
            type="button"
            loading={busy}
            onClick={() => void withPasskey().catch(() => setAlert(ALERT_MESSAGES.somethingWentWrong))}
          >
            {t('auth.secondFactor.usePasskey')}
          </Button>
        ) : null}
        <TextField
          label={hasApp ? t('auth.secondFactor.codeLabelApp') : t('auth.secondFactor.codeLabelRecovery')}
          autoComplete="one-time-code"
          inputMode={hasApp ? 'numeric' : 'text'}
          autoFocus={!hasPasskey}
          value={code}
          error={error}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <FormAlert message={alert} />
        <Button type="submit" loading={busy} variant={hasPasskey ? 'default' : 'filled'}>
          {t('auth.secondFactor.continue')}
        </Button>
        <div className="ac-end">
          <TextButton onClick={onRestart}>{t('auth.secondFactor.backToLogin')}</TextButton>
        </div>
      </form>
    </AuthCard>
  )
}

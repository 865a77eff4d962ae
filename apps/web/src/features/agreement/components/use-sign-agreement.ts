import { SignerName } from '@exchange/shared/agreement.schemas'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import * as WEB_PATHS from '@exchange/shared/web-paths'
import { useState } from 'react'
import { type FormOutcome, useForm } from '../../../components/ui/form'
import { useNavigate } from 'react-router'
import { useBrand } from '../../../lib/brand-context'
import { localizeCopy } from '../../../lib/common-copy'
import { alertCopyFor } from '../../../lib/dashboard-alert-copy'
import { goToHostedPage } from '../../../lib/hosted-page'
import { languageOfText, useStartSigning } from '../api/agreement-api'
import { agreementCatalog } from '../messages'

type AgreementId = Parameters<typeof agreementCatalog.t>[0]

/** The keys of the shared `SignerName` rule's English messages (the form's check and the api's answer give them). */
const SIGNER_NAME_KEYS: Record<string, AgreementId> = {
  'Please enter your full name': 'agreement.name.required',
  'Please enter at most 100 characters': 'agreement.name.tooLong',
  'Please enter your first and last name': 'agreement.name.firstAndLast',
}

/** A message of the signer's name rule in the customer's language; another text is shown as a shared copy. */
export function signerNameMessage(english: string): string {
  const key = SIGNER_NAME_KEYS[english]
  return key ? agreementCatalog.t(key) : localizeCopy(english)
}

/**
 * The way to the signing page: checks the typed name when the details have none (`detailsName` empty), asks
 * `startDocusign` for the partner's page and sends the browser there; a signature already done goes on to the return
 * page. `leaving` holds the page once the browser is on its way.
 */
export function useSignAgreement(detailsName: string) {
  const brand = useBrand()
  const navigate = useNavigate()
  const start = useStartSigning()
  // The signer's name, asked only when the details have none: the shared schema checks it (the one form hook).
  const form = useForm({ signerName: '' }, (values): FormOutcome<{ signerName: string }, string | undefined> => {
    if (detailsName) return { data: undefined }
    const checked = SignerName.safeParse(values.signerName)
    return checked.success
      ? { data: checked.data }
      : { errors: { signerName: signerNameMessage(checked.error.issues[0]?.message ?? 'Please enter your full name') } }
  })
  const [error, setError] = useState<string | null>(null)
  const [leaving, setLeaving] = useState<{ url: string; sandbox: boolean } | null>(null)

  function sign() {
    setError(null)
    let refused = false
    const signerName = form.submit(() => (refused = true))
    if (refused) return
    start.mutate(
      { brandName: brand.brandName, ...languageOfText(), ...(signerName && { signerName }) },
      {
        onSuccess: (answer) => {
          if (!answer) return setError(localizeCopy(ALERT_MESSAGES.somethingWentWrong))
          if (!answer.result) {
            if (answer.error === 'step_done') return void navigate(WEB_PATHS.returnAgreement, { replace: true })
            if (answer.error === 'validation_failed' && answer.fields?.signerName)
              return form.setErrors({ signerName: signerNameMessage(answer.fields.signerName) })
            return setError(
              answer.error === 'provider_unavailable'
                ? agreementCatalog.t('agreement.sign.providerUnavailable')
                : alertCopyFor(answer, ALERT_MESSAGES.somethingWentWrong),
            )
          }
          if (goToHostedPage(answer.data.signingUrl))
            setLeaving({ url: answer.data.signingUrl, sandbox: answer.data.sandbox })
        },
        onError: () => setError(localizeCopy(ALERT_MESSAGES.somethingWentWrong)),
      },
    )
  }

  return {
    typed: form.values.signerName,
    setTyped: (name: string) => form.setField('signerName', name),
    nameError: form.errors.signerName ?? null,
    error,
    leaving,
    sign,
    busy: start.isPending || leaving !== null,
  }
}

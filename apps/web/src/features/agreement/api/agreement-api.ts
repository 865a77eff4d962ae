import {
  AgreementStatusAnswer,
  StartDocusignAnswer,
  type StartDocusignRequest,
} from '@exchange/shared/agreement.schemas'
import { DEFAULT_LANGUAGE, type Language } from '@exchange/shared/languages'
import { queryOptions, useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import { postUser } from '../../../lib/api-client'
import { activeLocale } from '../../../lib/i18n/locale'
import { type StatusPolling, useStatusPolling } from '../../../lib/use-status-polling'

/** `startDocusign`: starts or resumes the signature and answers the e-signature partner's signing page. */
function startSigning(request: z.infer<typeof StartDocusignRequest>) {
  return postUser('startDocusign', request, StartDocusignAnswer)
}

export function useStartSigning() {
  return useMutation({ mutationFn: startSigning })
}

/**
 * The language of the agreement's text the screens show and the customer signs: the one the app speaks (decision 131),
 * named to the api when it is not English (the api's default).
 */
export function languageOfText(): { language?: Language } {
  const { language } = activeLocale()
  return language === DEFAULT_LANGUAGE ? {} : { language }
}

/**
 * `agreementStatus`: the agreement as the partner's signed notices left it; the browser's return proves nothing. The
 * version it names is the one in the language the app speaks.
 */
function agreementStatusQueryOptions(brandName: string) {
  const named = languageOfText()
  return queryOptions({
    queryKey: ['agreementStatus', brandName, named.language ?? DEFAULT_LANGUAGE],
    queryFn: () => postUser('agreementStatus', { brandName, ...named }, AgreementStatusAnswer),
  })
}

export type AgreementPolling = StatusPolling

/** The customer's agreement; with `polling`, asked again while the latest signature is still out, for a while. */
export function useAgreementStatus(brandName: string, polling?: AgreementPolling) {
  return useStatusPolling(agreementStatusQueryOptions(brandName), {
    stillOpen: (answer) =>
      answer !== false && answer.result && !answer.data.signed && answer.data.latest?.status === 'sent',
    polling,
  })
}

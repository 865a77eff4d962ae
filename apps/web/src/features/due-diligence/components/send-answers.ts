import type { SaveAnswersAnswer } from '@exchange/shared/due-diligence.schemas'
import { ALERT_MESSAGES } from '@exchange/shared/messages'
import { useQueryClient, type QueryKey, type UseMutationResult } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import type { FormState } from '../../../components/ui/form'
import { focusFirstError } from '../../../components/ui/form-parts'
import { useBrand } from '../../../lib/brand-context'
import type { FieldErrors } from '../../../lib/use-form-fields'
import { localizeCopy } from '../../../lib/common-copy'
import { dueDiligenceAlertCopy, ruleCopy } from '../due-diligence-copy'

/**
 * The api's field messages keyed by the form's field: `answers.` dropped and, for a list such as the countries, the
 * item's index too, so the message shows under the whole list.
 */
function answerFieldErrors(fields: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields ?? {}).map(([path, message]) => [
      path.replace(/^answers\./, '').replace(/\.\d+$/, ''),
      ruleCopy(message),
    ]),
  )
}

/** A save of due-diligence answers, as the api module's hooks give it. */
type SaveAnswers<Out> = UseMutationResult<
  z.infer<typeof SaveAnswersAnswer> | false,
  Error,
  { brandName: string; answers: Out }
>

/**
 * Sends a due-diligence form's answers (the questionnaire, the source of funds). A refused form puts the focus on its
 * first message; the api's refusal puts its messages under their fields and says why in the alert; once saved, the
 * latest answers (`queryKey`) are read again before `afterSave`.
 */
export function useSendAnswers<T extends object, Out>(
  form: FormState<T, Out>,
  save: SaveAnswers<Out>,
  how: { fieldOrder: readonly string[]; idPrefix: string; queryKey: QueryKey; afterSave: () => Promise<void> | void },
) {
  const brand = useBrand()
  const queryClient = useQueryClient()
  const [alert, setAlert] = useState<string | null>(null)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setAlert(null)
    const answers = form.submit((errors) =>
      focusFirstError(how.fieldOrder, errors as Record<string, string>, how.idPrefix),
    )
    if (!answers) return
    save.mutate(
      { brandName: brand.brandName, answers },
      {
        onSuccess: async (answer) => {
          if (answer === false) return setAlert(dueDiligenceAlertCopy('unauthorized'))
          if (!answer.result) {
            form.setErrors(answerFieldErrors(answer.fields) as FieldErrors<T>)
            return setAlert(dueDiligenceAlertCopy(answer.error))
          }
          await queryClient.invalidateQueries({ queryKey: how.queryKey })
          await how.afterSave()
        },
        onError: () => setAlert(localizeCopy(ALERT_MESSAGES.somethingWentWrong)),
      },
    )
  }

  return { alert, submit }
}

import type { UkDecisionAnswer } from '@exchange/shared/uk-steps.schemas'
import { useState } from 'react'
import type { z } from 'zod'
import { takeReturnTo } from '../../../lib/return-to'
import { ukAlertCopy } from '../uk-steps-copy'

type Choice = 'leave' | 'continue'
type DecisionAnswer = z.infer<typeof UkDecisionAnswer> | false
type Refusal = Exclude<DecisionAnswer, { result: true }>

/** How the screen sends the choice: the api module's mutation, with the callbacks given here. */
type Send = (
  choice: Choice,
  callbacks: { onSuccess: (answer: DecisionAnswer) => Promise<void>; onError: () => void },
) => void

/**
 * A "leave or continue" choice of a UK step (the risk warning, the cooling-off): sends it, says which one is on its
 * way and, when it is refused or fails, the alert. `onRefused` may take a refusal itself (answering true); Leave ends
 * the journey (`onLeft`), Continue goes on (`onContinued`).
 */
export function useLeaveOrContinue({
  send,
  onRefused,
  onLeft,
  onContinued,
}: {
  send: Send
  onRefused?: (answer: Refusal) => boolean
  onLeft: () => void
  onContinued: () => Promise<void> | void
}) {
  const [pending, setPending] = useState<Choice | null>(null)
  const [alert, setAlert] = useState<string | null>(null)

  function choose(choice: Choice) {
    setAlert(null)
    setPending(choice)
    send(choice, {
      onSuccess: async (answer) => {
        setPending(null)
        if (answer === false || !answer.result) {
          if (onRefused?.(answer)) return
          return setAlert(ukAlertCopy(answer))
        }
        if (choice === 'leave') {
          // Leaving ends this journey: nothing sends the customer back to an order they chose not to make.
          takeReturnTo()
          return onLeft()
        }
        await onContinued()
      },
      onError: () => {
        setPending(null)
        setAlert(ukAlertCopy({ result: false, error: 'internal_error' }))
      },
    })
  }

  return { pending, alert, choose }
}

import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'

/** How a status screen waits on a partner's signed notice after the browser came back. */
export interface StatusPolling {
  /** How often to ask again while the status is still open. */
  intervalMs: number
  /** When to stop asking and say the result comes later. */
  giveUpMs: number
}

/**
 * A status read from the api (`query`, a feature's query options). With `polling`, asked again every `intervalMs`
 * while `stillOpen` says the partner has not decided, for at most `giveUpMs`; `gaveUp` then says the screen stopped
 * waiting.
 */
export function useStatusPolling<Answer, Key extends QueryKey>(
  query: UseQueryOptions<Answer, Error, Answer, Key>,
  options: { stillOpen: (answer: NoInfer<Answer>) => boolean; polling: StatusPolling | undefined },
) {
  const { polling, stillOpen } = options
  const [gaveUp, setGaveUp] = useState(false)
  const giveUpMs = polling?.giveUpMs
  useEffect(() => {
    if (giveUpMs === undefined) return
    const timer = window.setTimeout(() => setGaveUp(true), giveUpMs)
    return () => window.clearTimeout(timer)
  }, [giveUpMs])

  const result = useQuery({
    ...query,
    refetchInterval: (current) => {
      if (!polling || gaveUp) return false
      const answer = current.state.data
      return answer !== undefined && stillOpen(answer) ? polling.intervalMs : false
    },
  })
  return { ...result, gaveUp }
}

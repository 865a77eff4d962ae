import { useCallback, useEffect, useRef, useState } from 'react'

/** An alert message that clears itself after `durationMs` (spec section 8: 3 s or 5 s by screen). */
export function useTimedAlert(durationMs: number) {
  const [message, setMessage] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const clear = useCallback(() => {
    clearTimeout(timer.current)
    setMessage(null)
  }, [])

  const show = useCallback(
    (text: string) => {
      clearTimeout(timer.current)
      setMessage(text)
      timer.current = setTimeout(() => setMessage(null), durationMs)
    },
    [durationMs],
  )

  useEffect(() => () => clearTimeout(timer.current), [])

  return { message, show, clear }
}

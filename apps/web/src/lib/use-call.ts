import { useCallback, useEffect, useRef, useState } from 'react'

interface CallHandlers<Result> {
  onSuccess?: (result: Result) => void
  onError?: (error: unknown) => void
}

/**
 * One api call a screen makes on the customer's action, with its pending state: what the account screens need of a
 * mutation, without a query library on the first page (decision 051). The handlers do not run once the screen is gone.
 */
export function useCall<Args, Result>(call: (args: Args) => Promise<Result>) {
  const [isPending, setPending] = useState(false)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const mutate = useCallback(
    (args: Args, handlers: CallHandlers<Result> = {}) => {
      setPending(true)
      call(args).then(
        (result) => {
          if (!mounted.current) return
          setPending(false)
          handlers.onSuccess?.(result)
        },
        (error: unknown) => {
          if (!mounted.current) return
          setPending(false)
          handlers.onError?.(error)
        },
      )
    },
    [call],
  )

  return { mutate, isPending }
}

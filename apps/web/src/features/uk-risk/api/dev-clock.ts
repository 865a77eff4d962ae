import { AdvanceClockAnswer } from '@exchange/shared/test-controls.schemas'
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { config } from '../../../lib/config'

/**
 * The server's clock control of development and test runs (decision 043): `GET /test/clock` answers the server's time
 * where the control exists, and 404 everywhere else (production never registers it, decision 020). The cooling-off
 * screen offers its development-only button only when this answers.
 */
async function readServerClock(): Promise<{ now: string } | null> {
  try {
    const response = await fetch(`${config.apiBaseUrl}/test/clock`, { headers: { Accept: 'application/json' } })
    if (!response.ok) return null
    const parsed = AdvanceClockAnswer.safeParse(await response.json())
    return parsed.success && parsed.data.result ? parsed.data.data : null
  } catch {
    return null
  }
}

function devClockQueryOptions() {
  return queryOptions({ queryKey: ['devClock'], queryFn: readServerClock, retry: false, staleTime: 0 })
}

export function useDevClock() {
  return useQuery(devClockQueryOptions())
}

/** Moves the server clock forward by `seconds` (development and test runs only). */
export function useAdvanceDevClock() {
  return useMutation({
    mutationFn: async (seconds: number) => {
      const response = await fetch(`${config.apiBaseUrl}/test/clock/advance`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ seconds }),
      })
      const parsed = AdvanceClockAnswer.safeParse(await response.json())
      if (!parsed.success || !parsed.data.result) throw new Error('The server clock did not move')
      return parsed.data.data
    },
  })
}

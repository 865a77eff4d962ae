import { useEffect, useState } from 'react'

/** Whole seconds from now until `until` (0 once it has passed). */
function secondsUntil(until: string, now: number): number {
  return Math.max(0, Math.ceil((new Date(until).getTime() - now) / 1000))
}

/** "14:05" for the last hour of a price hold, "1:02:03" beyond it. */
export function formatHold(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  const mmss = `${String(m).padStart(h > 0 ? 2 : 1, '0')}:${String(s).padStart(2, '0')}`
  return h > 0 ? `${h}:${mmss}` : mmss
}

/**
 * The seconds an order's price still holds, ticking every second while the page is open, so that a screen shows the
 * expiry as it happens rather than at the next reload.
 */
export function usePriceHold(priceExpiresAt: string | undefined): { secondsLeft: number; expired: boolean } {
  const [now, setNow] = useState(() => Date.now())
  const secondsLeft = priceExpiresAt ? secondsUntil(priceExpiresAt, now) : 0
  const running = priceExpiresAt !== undefined && secondsLeft > 0
  useEffect(() => {
    if (!running) return
    const timer = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [running])
  return { secondsLeft, expired: priceExpiresAt !== undefined && secondsLeft === 0 }
}

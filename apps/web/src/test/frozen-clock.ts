import { vi } from 'vitest'

/**
 * Stops the clock at `now` with fully fake timers: time moves only when a test (or a wait of Testing Library) moves
 * it, never with the machine's own time, so a time the screen shows to the second is the same however slow the run.
 */
export function freezeClock(now: Date): void {
  vi.useFakeTimers({ now })
  // Testing Library moves fake timers itself (in waitFor, and in the pause after each user event) only when it finds
  // Jest's; otherwise it waits on a timer that never fires. Removed after each test with the other stubbed globals.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) })
}

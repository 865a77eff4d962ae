/**
 * How long, once a frame has been drawn, the wait for the browser's report that it reached the screen lasts at most: a
 * page loaded in a hidden tab or scrolled before it painted gets no report.
 */
export const PAINT_REPORT_WAIT_MS = 200

/** Runs `then` once the browser has drawn what is on screen now: after the next frame, in a task of its own. */
function afterNextFrame(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

/**
 * Whether the browser will report the page's largest paint from now on: it can (Chromium, Firefox) and the visitor has
 * not yet pressed a key or touched the page, after which the browser stops (the first input, as it records it).
 */
function largestPaintWillBeReported(): boolean {
  const types = typeof PerformanceObserver === 'undefined' ? [] : (PerformanceObserver.supportedEntryTypes ?? [])
  if (!types.includes('largest-contentful-paint') || !types.includes('first-input')) return false
  return performance.getEntriesByType('first-input').length === 0
}

/**
 * Runs `then` once what a screen rendered after `since` (a `performance.now()` taken before it rendered) has reached
 * the screen. A frame's callbacks run before the frame is shown, tens of milliseconds before on a slow phone; where the
 * browser reports the page's largest paint, `then` waits for that report of a paint after `since` (at most
 * `PAINT_REPORT_WAIT_MS` after the frame), so that downloads started by `then` cannot delay it. Otherwise it runs after
 * the next frame. Returns a function that cancels it.
 */
export function afterScreenPainted(since: number, then: () => void): () => void {
  let done = false
  let fallback: ReturnType<typeof setTimeout> | undefined
  let observer: PerformanceObserver | undefined
  const stop = () => {
    done = true
    observer?.disconnect()
    clearTimeout(fallback)
  }
  const finish = () => {
    if (done) return
    stop()
    then()
  }

  const waitForReport = largestPaintWillBeReported()
  if (waitForReport) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= since)) finish()
    })
    observer.observe({ type: 'largest-contentful-paint', buffered: true })
  }
  const cancelFrame = afterNextFrame(() => {
    if (waitForReport) fallback = setTimeout(finish, PAINT_REPORT_WAIT_MS)
    else finish()
  })
  return () => {
    cancelFrame()
    stop()
  }
}

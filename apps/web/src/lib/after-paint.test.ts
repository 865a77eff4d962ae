import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterScreenPainted, PAINT_REPORT_WAIT_MS } from './after-paint'

/** A browser's performance timeline as far as the wait reads it: what it reports, and the visitor's first input. */
class FakeBrowser {
  static supportedEntryTypes: readonly string[] = ['largest-contentful-paint', 'first-input', 'paint']
  static observers: FakeBrowser[] = []
  static inputs: PerformanceEntry[] = []
  observing = false

  constructor(private readonly report: PerformanceObserverCallback) {
    FakeBrowser.observers.push(this)
  }

  observe(options: PerformanceObserverInit) {
    expect(options.type).toBe('largest-contentful-paint')
    this.observing = true
  }

  disconnect() {
    this.observing = false
  }

  /** The browser reports a largest paint shown at `startTime`. */
  static paintShown(startTime: number) {
    const entries = [{ entryType: 'largest-contentful-paint', startTime } as PerformanceEntry]
    for (const observer of FakeBrowser.observers.filter((candidate) => candidate.observing)) {
      observer.report({ getEntries: () => entries } as PerformanceObserverEntryList, observer as never)
    }
  }
}

/** Runs the frame's callbacks and the task after them (a timeout of 0 set inside a frame is due 1 ms later). */
function drawFrame() {
  vi.advanceTimersToNextFrame()
  vi.advanceTimersByTime(1)
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] })
  FakeBrowser.observers = []
  FakeBrowser.inputs = []
  FakeBrowser.supportedEntryTypes = ['largest-contentful-paint', 'first-input', 'paint']
  vi.stubGlobal('PerformanceObserver', FakeBrowser)
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((type) =>
    type === 'first-input' ? FakeBrowser.inputs : [],
  )
})

afterEach(() => {
  vi.useRealTimers()
})

describe('afterScreenPainted', () => {
  it('waits past the frame for the report of a paint made after the screen rendered', () => {
    const then = vi.fn()
    afterScreenPainted(100, then)
    drawFrame()
    expect(then).not.toHaveBeenCalled()
    // A paint reported from before the screen rendered (the loader) is not the screen's.
    FakeBrowser.paintShown(60)
    expect(then).not.toHaveBeenCalled()
    FakeBrowser.paintShown(140)
    expect(then).toHaveBeenCalledTimes(1)
    // Once run, later reports and the fallback change nothing.
    FakeBrowser.paintShown(180)
    vi.advanceTimersByTime(PAINT_REPORT_WAIT_MS)
    expect(then).toHaveBeenCalledTimes(1)
    expect(FakeBrowser.observers.every((observer) => !observer.observing)).toBe(true)
  })

  it('goes on without the report a bounded time after the frame (a page loaded in a hidden tab)', () => {
    const then = vi.fn()
    afterScreenPainted(100, then)
    drawFrame()
    vi.advanceTimersByTime(PAINT_REPORT_WAIT_MS - 1)
    expect(then).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(then).toHaveBeenCalledTimes(1)
    expect(FakeBrowser.observers[0]?.observing).toBe(false)
  })

  it('runs after the next frame once the visitor has pressed or touched something: the browser reports no more paints', () => {
    FakeBrowser.inputs = [{ entryType: 'first-input', startTime: 50 } as PerformanceEntry]
    const then = vi.fn()
    afterScreenPainted(100, then)
    expect(then).not.toHaveBeenCalled()
    drawFrame()
    expect(then).toHaveBeenCalledTimes(1)
    expect(FakeBrowser.observers).toHaveLength(0)
  })

  it('runs after the next frame in a browser that does not report its largest paint', () => {
    FakeBrowser.supportedEntryTypes = ['paint', 'resource']
    const then = vi.fn()
    afterScreenPainted(100, then)
    drawFrame()
    expect(then).toHaveBeenCalledTimes(1)
    expect(FakeBrowser.observers).toHaveLength(0)
  })

  it('does nothing once cancelled, before the frame or while waiting for the report', () => {
    const beforeFrame = vi.fn()
    afterScreenPainted(100, beforeFrame)()
    drawFrame()
    const waiting = vi.fn()
    const cancel = afterScreenPainted(100, waiting)
    drawFrame()
    cancel()
    FakeBrowser.paintShown(140)
    vi.advanceTimersByTime(PAINT_REPORT_WAIT_MS)
    expect(beforeFrame).not.toHaveBeenCalled()
    expect(waiting).not.toHaveBeenCalled()
  })
})

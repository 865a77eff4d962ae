import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { notifications } from '@mantine/notifications'
import { afterEach, beforeEach, vi } from 'vitest'
import { forgetBannerHeight } from '../features/uk-risk/components/uk-risk-banner'
import { clearCurrentOrder } from '../lib/current-order'
import { activateCatalogs, type CompiledMessage, loadEveryCatalog } from '../lib/i18n/catalog'
import { forgetActiveLocale } from '../lib/i18n/locale'
import { forgetReports } from '../lib/reporter'

// findBy… and waitFor wait on what a test is about; their 1 s default is shorter than a lazy screen's first render
// on a busy 2-core runner. A condition that holds returns at once, so a longer limit costs nothing when all is well.
configure({ asyncUtilTimeout: 10_000 })

// Every screen's English messages, as if each screen's catalog had been loaded; a key without a message fails the test
// that renders it (a customer would see the key).
const english = import.meta.glob<Record<string, CompiledMessage>>('../**/locales/en.json', {
  eager: true,
  import: 'default',
})
loadEveryCatalog('en', Object.assign({}, ...Object.values(english)), (id, language) => {
  throw new Error(`No message "${id}" in ${language}`)
})
activateCatalogs('en')

// jsdom lacks the browser APIs that Mantine measures layout with.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  })
}

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub })
}

// Growing text areas (Mantine's autosize) wait for web fonts to measure again; jsdom has no font loading.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  })
}

window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {}
window.scrollTo = (() => {}) as typeof window.scrollTo

function expireAllCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
  }
}

// React's warnings (a missing key, an update outside act, a failed prop type) and any other console.error fail the test
// that caused them: a screen that logs an error in a test would log it in a customer's browser too.
let consoleErrors: unknown[][] = []
beforeEach(() => {
  consoleErrors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args)
  })
})

afterEach(() => {
  const logged = consoleErrors
  consoleErrors = []
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  window.sessionStorage.clear()
  window.localStorage.clear()
  // A test that switched language leaves English behind it.
  activateCatalogs('en')
  document.documentElement.lang = 'en'
  // The current order lives in memory as well as in localStorage: a test never inherits another's.
  clearCurrentOrder()
  // The error reporter's throttle: each test's reports are its own.
  forgetReports()
  // The UK warning's last measure, which the signed-in layout starts from.
  forgetBannerHeight()
  // The language and locale in force: the next test works them out from its own browser (jsdom's en-US by default).
  forgetActiveLocale()
  expireAllCookies()
  // Mantine keeps its notices in a store of the module, which outlives the page it was shown on.
  notifications.clean()
  if (logged.length > 0)
    throw new Error(
      `console.error was called ${logged.length} time(s):\n${logged.map((args) => args.map(String).join(' ')).join('\n')}`,
    )
})

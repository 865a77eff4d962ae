import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  type Browser,
  type BrowserContext,
  type BrowserServer,
  type Locator,
  type Page,
  chromium,
} from 'playwright-core'
import { afterAll, beforeAll, inject } from 'vitest'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one Chromium, which every journey file connects to (`connectBrowser`). */
    browserEndpoint: string
  }
}

const artifactsDir = fileURLToPath(new URL('../artifacts', import.meta.url))

/** Debian's Chromium, installed by `.ci/run` (apt's `chromium`). */
export const CHROMIUM_PATH = '/usr/bin/chromium'

/** Headless, with nothing that reaches for the network: this machine's network is closed. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

/**
 * Debian's Chromium, headless, with nothing that reaches for the network, started once for the whole run
 * (`global-setup.ts`): each journey file connects to it and makes contexts of its own, which `browser.close()` closes
 * again without stopping the shared browser.
 */
export function startBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
}

/** The run's shared Chromium (`startBrowserServer`). */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('browserEndpoint'))
}

/**
 * The run's shared Chromium for the tests of one file: connected before them, let go after them (the browser itself
 * keeps running for the other files). Call the answer inside a test or a hook.
 */
export function useSharedBrowser(): () => Browser {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await connectBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  return () => {
    if (!browser) throw new Error('useSharedBrowser: the browser is connected before the tests run')
    return browser
  }
}

export const MOBILE = { width: 375, height: 812 }
export const DESKTOP = { width: 1280, height: 800 }

export async function newContext(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport })
}

/** Keeps a full-page screenshot as a test artifact under e2e/artifacts/. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(artifactsDir, { recursive: true })
  const path = join(artifactsDir, `${name}.png`)
  await page.screenshot({ path, fullPage: true, animations: 'disabled' })
  return path
}

/** Waits until the first match is visible (fails after the locator's timeout). */
export async function visible(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout })
}

/** Waits until nothing matches. */
export async function absent(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.first().waitFor({ state: 'detached', timeout })
}

/** A full-page screenshot taken from the top, so the fixed header sits where the customer sees it. */
export async function screenshotFromTop(page: Page, name: string) {
  // Two frames: the header measures the risk banner after a resize before it makes room for it.
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollTo(0, 0)))),
      ),
  )
  await screenshot(page, name)
}

/** The same screen once more at the other width, then back. */
export async function screenshotAtBothWidths(page: Page, name: string) {
  const current = page.viewportSize() ?? DESKTOP
  const other = current.width === DESKTOP.width ? MOBILE : DESKTOP
  await screenshotFromTop(page, `${name}-${current.width}`)
  await page.setViewportSize(other)
  await screenshotFromTop(page, `${name}-${other.width}`)
  await page.setViewportSize(current)
}

/**
 * Holds the browser's calls to an api path until the answered function is called, so that a screen the journey passes
 * in a moment (the hand-over to the identity partner, the return page) stays on show long enough to be seen. Calls
 * after that go through at once.
 */
export async function holdCalls(page: Page, path: string) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(`**${path}`, async (route) => {
    await held
    await route.continue()
  })
  return release
}

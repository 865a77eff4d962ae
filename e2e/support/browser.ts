import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, type BrowserContext, type Locator, type Page, chromium } from 'playwright-core'

export const artifactsDir = fileURLToPath(new URL('../artifacts', import.meta.url))

/** Debian's Chromium, headless, with nothing that reaches for the network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  })
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

import { createRequire } from 'node:module'
import type { AxeResults, RunOptions } from 'axe-core'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { DESKTOP, MOBILE, screenshotFromTop } from './browser'

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** One rule's failure as axe reports it: the rule, how bad, and where. */
interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: string[]
}

/**
 * Runs axe-core (injected into the page as a script, nothing loaded from outside) on the page as it stands and answers
 * its serious and critical violations, each with the selectors of the elements at fault.
 */
async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window)
  if (!loaded) await page.addScriptTag({ path: AXE_PATH })
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: RunOptions): Promise<AxeResults> } }).axe
    const results = await axe.run(document, { resultTypes: ['violations'] })
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    }))
  })
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
}

/** No serious or critical axe violation on the page as it stands, named in the failure when there is one. */
async function expectAccessible(page: Page, where: string): Promise<void> {
  const found = await seriousViolations(page)
  expect(found, `${where}: ${JSON.stringify(found, null, 1)}`).toEqual([])
}

/**
 * Checks the page with axe and keeps it, at 1280 px and at 375 px (the page is resized in place, then back to 1280).
 * The page's context must bypass the app's CSP (`bypassCSP: true`), which allows no script of the test's own.
 */
export async function checkedAndKept(page: Page, name: string): Promise<void> {
  for (const viewport of [DESKTOP, MOBILE]) {
    await page.setViewportSize(viewport)
    // Kept first: a failure's page is there to be looked at.
    await screenshotFromTop(page, `${name}-${viewport.width}`)
    await expectAccessible(page, `${name} at ${viewport.width} px`)
  }
  await page.setViewportSize(DESKTOP)
}

// `npm run bench:pages`: Lighthouse (mobile profile, simulated throttling, performance only) against Debian's
// Chromium, median of three runs per page, on the built app started here on a fresh embedded database: /, /login,
// /signup, /code, /resetpass, and /dashboard signed in as a customer signed up through the api and the dev outbox.
// Prints the score, LCP, TBT, CLS and the bytes of the first load. A benchmark, not a test. BENCH_PAGES picks the pages
// (comma-separated paths, `none` for only the dashboard); BENCH_PAGES_REPORTS=<folder> keeps each median run's report
// (Lighthouse JSON: what ran on the main thread, the requests and their order) for a closer look.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import puppeteer from 'puppeteer-core'
import { JWT_COOKIE_NAME } from '@exchange/shared/constants'
import { startAppServer } from '../e2e/support/app-server'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../e2e/support/browser'
import { signedUpThroughApi } from '../e2e/support/customer'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const PAGES = (process.env.BENCH_PAGES ?? '/,/login,/signup,/code,/resetpass').split(',').filter((p) => p !== 'none')
const REPORTS = process.env.BENCH_PAGES_REPORTS
type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

async function measure(url: string, port: number, prepare: () => Promise<void>): Promise<Result> {
  const runs: Result[] = []
  // A run that ends without a first paint (a busy machine) is run again, up to as many extra runs as RUNS.
  for (let attempt = 0; runs.length < RUNS; attempt++) {
    if (attempt >= RUNS * 2) throw new Error(`${url}: fewer than ${RUNS} runs painted anything`)
    await prepare()
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // The browser's cache is emptied by `prepare`; its cookies stay (the signed-in page needs the session's).
      disableStorageReset: true,
    })
    const error = result?.lhr.runtimeError
    if (!result || error) {
      console.warn(`${url}: run ${attempt + 1} failed (${error?.code ?? 'no result'}), running it again`)
      continue
    }
    runs.push(result.lhr)
  }
  return computeMedianRun(runs) as Result
}

function row(path: string, lhr: Result): string {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const scripts = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined
  )?.items?.find((item) => item.resourceType === 'script')?.transferSize
  const score = lhr.categories.performance?.score
  return (
    path.padEnd(22) +
    (score == null ? 'n/a' : score.toFixed(2)).padStart(7) +
    `${(audit('largest-contentful-paint') / 1000).toFixed(1)} s`.padStart(9) +
    `${audit('total-blocking-time').toFixed(0)} ms`.padStart(9) +
    audit('cumulative-layout-shift').toFixed(3).padStart(7) +
    `${(audit('total-byte-weight') / 1024).toFixed(0)} KiB`.padStart(11) +
    `${((scripts ?? Number.NaN) / 1024).toFixed(0)} KiB`.padStart(11) +
    `${lhr.environment.benchmarkIndex.toFixed(0)}`.padStart(10) +
    `  ${lhr.finalDisplayedUrl.replace(/^https?:\/\/[^/]+/, '')}`
  )
}

async function main() {
  // The built app as the e2e journeys start it (test mode: dev outbox), on a fresh embedded database.
  const app = await startAppServer({ logName: 'bench-pages-server.log' })
  const base = app.baseUrl
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS })
  try {
    const { token } = await signedUpThroughApi(base, 'pages')
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
    const page = await browser.newPage()
    const cdp = await page.createCDPSession()
    const emptyCache = async () => {
      await cdp.send('Network.clearBrowserCache')
    }
    const cookie = { name: JWT_COOKIE_NAME, value: encodeURIComponent(token), domain: '127.0.0.1', path: '/' }
    const results: [string, Result][] = []
    for (const path of PAGES) {
      results.push([
        path,
        await measure(`${base}${path}`, chrome.port, async () => {
          await cdp.send('Network.clearBrowserCookies')
          await emptyCache()
        }),
      ])
    }
    results.push([
      '/dashboard (signed in)',
      await measure(`${base}/dashboard`, chrome.port, async () => {
        await page.setCookie(cookie)
        await emptyCache()
      }),
    ])
    await browser.disconnect()

    console.log(`\nLighthouse ${results[0]?.[1].lighthouseVersion}, mobile, simulated throttling, median of ${RUNS}`)
    // Lighthouse's own measure of this machine's CPU during the median run: the simulation multiplies what it saw by 4,
    // so the same page scores lower on a slower or busier machine; compare runs with like indexes.
    console.log('(CPU index: Lighthouse benchmarkIndex of the median run; higher is faster)\n')
    console.log(
      'page'.padEnd(22) +
        'score'.padStart(7) +
        'LCP'.padStart(9) +
        'TBT'.padStart(9) +
        'CLS'.padStart(7) +
        'first load'.padStart(11) +
        'of it JS'.padStart(11) +
        'CPU index'.padStart(10) +
        '  landed on',
    )
    for (const [path, lhr] of results) console.log(row(path, lhr))
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true })
      for (const [path, lhr] of results) {
        const file = join(REPORTS, `${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}.json`)
        writeFileSync(file, JSON.stringify(lhr))
      }
      console.log(`\nreports in ${REPORTS}`)
    }
  } finally {
    chrome.kill()
    await app.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

// `npm run bench:pages`: Lighthouse (mobile profile, simulated throttling, performance only) against Debian's
// Chromium, median of three runs per page, on the built app started here on a fresh embedded database: /, /login,
// /signup, /code, /resetpass, and /dashboard signed in as a customer signed up through the api and the dev outbox.
// Prints the score, LCP, TBT, CLS and the bytes of the first load. A benchmark, not a test.
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import puppeteer from 'puppeteer-core'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const BRAND = 'Helvex'
const CHROMIUM = '/usr/bin/chromium'
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
const PAGES = (process.env.BENCH_PAGES ?? '/,/login,/signup,/code,/resetpass').split(',')
const SERVER = fileURLToPath(new URL('../apps/api/dist/server.js', import.meta.url))

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function startApp(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app stopped with code ${child.exitCode}`)
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    )
    if (up) return child
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  child.kill()
  throw new Error('the app did not answer /healthz within 180 s')
}

/** Signs a customer up and confirms the code the dev outbox received; answers the session token. */
async function signedUpCustomer(base: string): Promise<string> {
  const post = async (name: string, payload: object) =>
    (
      await fetch(`${base}/v1/public/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ brandName: BRAND, ...payload }),
      })
    ).json()
  const email = `pages.${Date.now()}@example.com`
  const company = { name: 'Bench AG', address: 'Zug' }
  await post('homesignup', { email, password: 'bench-password', token: 'DIRECT', companyDetails: company })
  // The code is mailed by a job of the app: read the outbox until it is there.
  for (let tries = 0; tries < 120; tries++) {
    const outbox = (await (await fetch(`${base}/dev/outbox`)).json()) as { data: { to: string; text: string }[] }
    const code = outbox.data.find((mail) => mail.to === email)?.text.match(/^\s*(\d{5})\s*$/m)?.[1]
    if (code) {
      const verified = await post('verifycode', { email, code })
      return verified.data.token as string
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error('no code reached the dev outbox')
}

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
    `  ${lhr.finalDisplayedUrl.replace(/^https?:\/\/[^/]+/, '')}`
  )
}

async function main() {
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pages-'))
  const app = await startApp(port, dataDir)
  const base = `http://127.0.0.1:${port}`
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS })
  try {
    const token = await signedUpCustomer(base)
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` })
    const page = await browser.newPage()
    const cdp = await page.createCDPSession()
    const emptyCache = async () => {
      await cdp.send('Network.clearBrowserCache')
    }
    const cookie = { name: 'jwtToken', value: encodeURIComponent(token), domain: '127.0.0.1', path: '/' }
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

    console.log(`\nLighthouse ${results[0]?.[1].lighthouseVersion}, mobile, simulated throttling, median of ${RUNS}\n`)
    console.log(
      'page'.padEnd(22) +
        'score'.padStart(7) +
        'LCP'.padStart(9) +
        'TBT'.padStart(9) +
        'CLS'.padStart(7) +
        'first load'.padStart(11) +
        'of it JS'.padStart(11) +
        '  landed on',
    )
    for (const [path, lhr] of results) console.log(row(path, lhr))
  } finally {
    chrome.kill()
    if (app.exitCode === null) {
      const exited = new Promise((resolve) => app.once('exit', resolve))
      app.kill('SIGTERM')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

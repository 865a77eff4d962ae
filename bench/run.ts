// `npm run bench`: requests per second of getHpRates and getGross against a bare Fastify JSON route, measured in
// the same run on this machine, printed as ratios. Load comes from autocannon in this process over loopback.
import { desc, eq } from 'drizzle-orm'
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { buildApp } from '../apps/api/src/app'
import { loadConfig } from '../apps/api/src/config'
import { openDatabase } from '../apps/api/src/db/client'
import { devOutbox } from '../apps/api/src/db/schema'

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 10
const BRAND = 'Helvex'

interface Result {
  name: string
  requestsPerSecond: number
  p99Ms: number
  errors: number
}

async function measure(
  name: string,
  url: string,
  options: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> } = {},
): Promise<Result> {
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    body: options.body,
    headers: { 'content-type': 'application/json', ...options.headers },
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
  })
  return {
    name,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

async function main() {
  const database = await openDatabase(
    process.env.BENCH_DATABASE_URL
      ? { kind: 'postgres', url: process.env.BENCH_DATABASE_URL }
      : { kind: 'pglite', dataDir: undefined },
  )
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS_ENABLED: 'false',
    DEV_OUTBOX: 'true',
    RATE_LIMIT_IP_PER_MINUTE: '1000000',
    WEB_DIST_DIR: '/nonexistent',
  })
  const app = await buildApp(config, { database, logger: false })
  await app.jobs.refreshRates()
  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 })

  const post = (path: string, payload: object, token?: string) =>
    fetch(`${appUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify({ brandName: BRAND, ...payload }),
    }).then((r) => r.json())
  const email = `bench.${Date.now()}@example.com`
  const company = { name: 'Bench AG', address: 'Zug' }
  await post('/v1/public/homesignup', { email, password: 'bench-password', token: 'DIRECT', companyDetails: company })
  // Mail goes through the job queue; this process has no workers, so the code is delivered by hand.
  await app.jobs.deliverMail()
  const [mail] = await database.db
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.to, email))
    .orderBy(desc(devOutbox.id))
    .limit(1)
  const code = mail?.text.match(/^\s*(\d{5})\s*$/m)?.[1]
  const token = (await post('/v1/public/verifycode', { email, code })).data.token as string
  // The journey asks for the source of funds before the first order (decision 036).
  await post(
    '/v1/user/saveSourceOfFunds',
    {
      answers: {
        beneficialOwner: true,
        employmentStatus: 'employed',
        occupation: 'Benchmark engineer',
        incomeBand: '50k_100k',
        fundsOrigin: 'salary',
        purpose: 'investment',
        expectedYearlyVolume: '1k_10k',
        politicallyExposed: false,
        highRiskCountryTies: false,
      },
    },
    token,
  )
  await post('/v1/user/orderInitiateBuy', { amount: '250', assetId: 'btc_eur', wallet: '' }, token)

  const bare = Fastify({ logger: false })
  bare.post('/bare', async () => ({ result: true, data: { ok: true } }))
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 })

  const body = JSON.stringify({ brandName: BRAND })
  const results = [
    await measure('bare Fastify JSON route', `${bareUrl}/bare`, { method: 'POST', body }),
    await measure('getHpRates', `${appUrl}/v1/public/getHpRates`, { method: 'POST', body }),
    await measure('getGross', `${appUrl}/v1/user/getGross`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${token}` },
    }),
    await measure('bare Fastify JSON route (again)', `${bareUrl}/bare`, { method: 'POST', body }),
  ]
  const baseline = (results[0]!.requestsPerSecond + results[3]!.requestsPerSecond) / 2

  // A cheap call's latency while logins (one argon2id hash each) arrive as fast as they are answered.
  const loginBody = JSON.stringify({ brandName: BRAND, email, password: 'bench-password', companyDetails: company })
  const [underLogins, logins] = await Promise.all([
    measure('getHpRates while logins run', `${appUrl}/v1/public/getHpRates`, { method: 'POST', body }),
    measure('homelogin (beside it)', `${appUrl}/v1/public/homelogin`, { method: 'POST', body: loginBody }),
  ])
  results.push(underLogins, logins)
  const idleP99 = results[1]!.p99Ms

  console.log(
    `\n${DURATION_SECONDS} s each, ${CONNECTIONS} connections, database ${database.kind}; baseline = mean of the two bare runs (${baseline.toFixed(0)} req/s)\n`,
  )
  console.log(
    'route'.padEnd(34) + 'req/s'.padStart(10) + 'p99 ms'.padStart(10) + 'errors'.padStart(8) + 'vs bare'.padStart(10),
  )
  for (const result of results) {
    console.log(
      result.name.padEnd(34) +
        result.requestsPerSecond.toFixed(0).padStart(10) +
        String(result.p99Ms).padStart(10) +
        String(result.errors).padStart(8) +
        `${(result.requestsPerSecond / baseline).toFixed(2)}x`.padStart(10),
    )
  }
  console.log(
    `\ngetHpRates p99 while logins run: ${underLogins.p99Ms} ms, ${(underLogins.p99Ms / Math.max(1, idleP99)).toFixed(1)}x its idle p99 (${idleP99} ms); logins answered ${logins.requestsPerSecond.toFixed(0)}/s, ${logins.errors} refused as busy or limited`,
  )
  await bare.close()
  await app.close()
  await database.close()
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})

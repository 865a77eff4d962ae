import Fastify from 'fastify'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../src/config/config'
import { refuseConvenienceRoutes } from '../src/config/deployment-guards'
import { type TestApp, buildTestApp, callUser, mailTo, signUpVerified, uniqueEmail } from './support'
import { SMTP, everyPartyLive, realIdentityChecks, realSignatures } from './support/live-parties'

/** NODE_ENV as an operator may leave it: unset (the default, development), or each value. */
const NODE_ENVS = [
  ['unset', undefined],
  ['development', 'development'],
  ['test', 'test'],
  ['production', 'production'],
] as const

/** Configurations with a party that moves real money or checks real identities (decision 070). */
const WITH_A_REAL_PARTY = [
  ['every party live', everyPartyLive],
  ['identity checks live, the rest in their test environments', realIdentityChecks],
  ['e-signature live, the rest in their test environments', realSignatures],
] as const

/**
 * What a deployment sets besides its parties: real mail, and (for a staging whose other parties are in test
 * environments) leave to run parties that are not live in production.
 */
const DEPLOYED = { ...SMTP, ALLOW_SANDBOX_IN_PRODUCTION: 'true' }

/** Each convenience switched on, and the line of the refusal that names its settings. */
const SWITCHED_ON = [
  {
    convenience: 'the dev outbox, SMTP left unset',
    env: { SMTP_URL: undefined, SMTP_FROM: undefined },
    refusal:
      /^ {2}SMTP_URL, SMTP_FROM, DEV_OUTBOX: the dev outbox \(every code and reset link at \/dev\/outbox and \/dev\/mailbox\) cannot run beside .+ live \(/m,
  },
  {
    convenience: 'the dev outbox forced on beside SMTP',
    env: { DEV_OUTBOX: 'true' },
    refusal: /^ {2}SMTP_URL, SMTP_FROM, DEV_OUTBOX: the dev outbox .+ cannot run beside .+; send mail by SMTP/m,
  },
  {
    convenience: 'the test controls',
    env: { TEST_CONTROLS: 'true' },
    refusal:
      /^ {2}TEST_CONTROLS: the test controls \(a movable server clock at \/test\/clock\) cannot run beside .+ live \(/m,
  },
  {
    convenience: 'sandbox pages',
    env: { PSP_PROVIDER: 'sandbox' },
    refusal:
      /^ {2}PSP_PROVIDER: sandbox pages \(pages where anyone can pay or pass a check\) cannot run beside .+ live \(/m,
  },
  {
    convenience: 'skipped journey steps',
    env: { JOURNEY_SKIP_STEPS: 'identity' },
    refusal: /^ {2}JOURNEY_SKIP_STEPS: skipped journey steps .+ cannot run beside .+ live \(/m,
  },
  {
    convenience: 'the API documentation',
    env: { API_DOCS: 'true' },
    refusal: /^ {2}API_DOCS: the API documentation \(every route described at \/docs\) cannot run beside .+ live \(/m,
  },
] as const

describe.each(WITH_A_REAL_PARTY)('a start with %s', (_name, realParty) => {
  it.each(NODE_ENVS)('with NODE_ENV %s runs every convenience off', (_label, nodeEnv) => {
    const config = loadConfig({ ...realParty(), ...DEPLOYED, NODE_ENV: nodeEnv })
    expect(config.smtp).toEqual({ url: SMTP.SMTP_URL, from: SMTP.SMTP_FROM })
    expect(config).toMatchObject({ testControls: false, apiDocs: false, journey: { skipSteps: [] } })
    expect([config.psp.kind, config.openBanking.kind, config.bankPartner.kind]).not.toContain('sandbox')
    expect([config.identity.kind, config.esign.kind]).not.toContain('sandbox')
  })

  for (const { convenience, env, refusal } of SWITCHED_ON)
    it.each(NODE_ENVS)(`is refused with ${convenience}, NODE_ENV %s, naming the settings`, (_label, nodeEnv) => {
      const start = () => loadConfig({ ...realParty(), ...DEPLOYED, NODE_ENV: nodeEnv, ...env })
      expect(start).toThrow(ConfigError)
      expect(start).toThrow(refusal)
    })
})

describe('the development conveniences, one per row of the README table', () => {
  /** `npm start` on a fresh clone: development, every party a sandbox, the dev outbox. */
  let laptop: TestApp
  /** Every party live and real mail, NODE_ENV left unset, the web app served beside the api. */
  let live: TestApp
  const laptopLog: string[] = []
  const liveLog: string[] = []

  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'web-dist-'))
    mkdirSync(join(web, 'assets'))
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Helvex</title><div id="root"></div>')
    const npmStart = { NODE_ENV: undefined, DEV_OUTBOX: undefined, LOG_LEVEL: 'info', WEB_DIST_DIR: web }
    laptop = await buildTestApp({ env: npmStart, logLines: laptopLog })
    live = await buildTestApp({ env: { ...npmStart, ...everyPartyLive(), ...SMTP }, logLines: liveLog })
  })
  afterAll(async () => {
    await laptop?.close()
    await live?.close()
  })

  async function expectNotFound(t: TestApp, method: 'GET' | 'POST', urls: string[]) {
    for (const url of urls) {
      const answer = await t.app.inject({ method, url, ...(method === 'POST' && { payload: { seconds: 86_400 } }) })
      expect(answer.statusCode, url).toBe(404)
      expect(answer.json(), url).toEqual({ result: false, error: 'not_found' })
    }
  }

  it('the dev outbox shows every code on a laptop; beside a real party it answers 404, and no SMTP refuses the start', async () => {
    const email = uniqueEmail('outbox')
    await signUpVerified(laptop, email)
    const outbox = await laptop.app.inject({ method: 'GET', url: '/dev/outbox' })
    expect(outbox.statusCode).toBe(200)
    const mailed = outbox
      .json<{ data: { to: string; text: string }[] }>()
      .data.filter((message) => message.to === email)
    expect(mailed).toHaveLength((await mailTo(laptop.db, email)).length)
    expect(mailed[0]?.text).toMatch(/^\s*\d{5}\s*$/m)
    expect((await laptop.app.inject({ method: 'GET', url: '/dev/mailbox' })).body).toContain(email)

    await expectNotFound(live, 'GET', ['/dev/outbox', '/dev/mailbox'])
    // The account takeover of issue 26: every party live, NODE_ENV unset, no SMTP. The start stops instead.
    expect(() => loadConfig({ ...everyPartyLive() })).toThrow(/SMTP_URL, SMTP_FROM, DEV_OUTBOX: the dev outbox/)
  })

  it('the test controls move the clock on a laptop; beside a real party neither reading nor moving it answers', async () => {
    const before = (await laptop.app.inject({ method: 'GET', url: '/test/clock' })).json<{ data: { now: string } }>()
    const moved = await laptop.app.inject({ method: 'POST', url: '/test/clock/advance', payload: { seconds: 3600 } })
    expect(Date.parse(moved.json<{ data: { now: string } }>().data.now) - Date.parse(before.data.now)).toBeGreaterThan(
      3_599_000,
    )

    await expectNotFound(live, 'GET', ['/test/clock'])
    await expectNotFound(live, 'POST', ['/test/clock/advance', '/test/rates/shift'])
    expect(() => loadConfig({ ...everyPartyLive(), ...SMTP, TEST_CONTROLS: 'true' })).toThrow(/^ {2}TEST_CONTROLS: /m)
  })

  it('sandbox pages open to anyone on a laptop; beside a real party none exists, and one left configured refuses the start', async () => {
    const page = await laptop.app.inject({ method: 'GET', url: '/sandbox/bank-partner' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).not.toContain('SANDBOX on a shared deployment')

    await expectNotFound(live, 'GET', [
      '/sandbox/bank-partner',
      '/sandbox/psp/checkout?session=x',
      '/sandbox/bank/consent?id=x',
      '/sandbox/idv/verify?applicant=x',
      '/sandbox/esign/sign?envelope=x',
    ])
    // A staging with real identity checks cannot keep the sandbox bank partner's page, where anyone "pays".
    expect(() => loadConfig({ ...realIdentityChecks(), ...SMTP, BANK_PARTNER: 'sandbox' })).toThrow(
      /^ {2}BANK_PARTNER: sandbox pages .+ cannot run beside identity verification live \(IDV_PROVIDER, SUMSUB_APP_TOKEN\), which checks real identities/m,
    )
  })

  it('skipped journey steps are not asked of a customer on a laptop, and refuse the start beside a real party', async () => {
    const skipping = await buildTestApp({
      env: { NODE_ENV: undefined, JOURNEY_SKIP_STEPS: 'source_of_funds,identity' },
    })
    try {
      const customer = await signUpVerified(skipping)
      const steps = (await callUser(skipping.app, 'journeyStatus', customer.token)).body.data.steps as { id: string }[]
      expect(steps.map((step) => step.id)).toEqual(['agreement', 'details'])
    } finally {
      await skipping.close()
    }
    const customer = await signUpVerified(laptop)
    const asked = (await callUser(laptop.app, 'journeyStatus', customer.token)).body.data.steps as { id: string }[]
    expect(asked.map((step) => step.id)).toEqual(expect.arrayContaining(['source_of_funds', 'identity']))

    expect(() => loadConfig({ ...realSignatures(), ...SMTP, JOURNEY_SKIP_STEPS: 'identity' })).toThrow(
      /^ {2}JOURNEY_SKIP_STEPS: skipped journey steps .+ cannot run beside e-signature live/m,
    )
  })

  it('the API documentation is served on a laptop; beside a real party it answers 404, and asking for it refuses the start', async () => {
    expect((await laptop.app.inject({ method: 'GET', url: '/docs/json' })).json()).toMatchObject({
      openapi: expect.stringMatching(/^3\./),
    })
    // A JSON 404, not the web app, though the web app is served beside the api.
    await expectNotFound(live, 'GET', ['/docs', '/docs/json', '/docs/static/index.html'])
    expect(() => loadConfig({ ...everyPartyLive(), ...SMTP, API_DOCS: 'true' })).toThrow(/^ {2}API_DOCS: /m)
  })

  it('says at start which conveniences are on, or that a real party turned them all off', () => {
    const messages = (lines: string[]) => lines.map((line) => (JSON.parse(line) as { msg: string }).msg)
    expect(messages(laptopLog)).toContain(
      'development conveniences on: the dev outbox, the test controls, sandbox pages, the API documentation; anyone who reaches this server can use them, so it must never serve customers (decision 070)',
    )
    expect(messages(liveLog)).toContain(
      'real parties (card PSP, open banking, bank partner, liquidity provider, identity verification, e-signature): every development convenience is off',
    )
    expect(messages(liveLog).join('\n')).not.toMatch(/development conveniences on/)
  })
})

describe('a route that opens a convenience where the configuration closes it', () => {
  it('stops the start, whoever registers it; where the conveniences may run, it is registered', async () => {
    const real = loadConfig({ ...everyPartyLive(), ...SMTP })
    const laptop = loadConfig({})
    for (const url of ['/dev/outbox', '/test/clock', '/docs/json', '/sandbox/psp/checkout']) {
      const refusing = Fastify()
      refuseConvenienceRoutes(refusing, real)
      expect(() => refusing.get(url, async () => ({ result: true })), url).toThrow(new RegExp(`^${url}: `))
      const allowing = Fastify()
      refuseConvenienceRoutes(allowing, laptop)
      allowing.get(url, async () => ({ result: true }))
      expect((await allowing.inject({ method: 'GET', url })).json(), url).toEqual({ result: true })
      await refusing.close()
      await allowing.close()
    }
  })
})

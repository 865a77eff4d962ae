import { randomBytes } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { operatorActions } from '../src/db/tables/modules/operator'
import { partnerApiKeys, partners as partnersTable } from '../src/db/tables/modules/partners'
import { createPartnerService } from '../src/modules/partners/partners.service'
import { resolveSecrets } from '../src/secrets'
import { useOperatorSession, useTestApp } from './support'

const DOCUMENTS_KEY = randomBytes(32).toString('base64')
const logLines: string[] = []

const t = useTestApp({
  env: { DOCUMENTS_ENCRYPTION_KEY: DOCUMENTS_KEY, LOG_LEVEL: 'info' },
  logLines,
})
/** Partners are the admins' (decision 127): an admin, and a support operator who may not touch them. */
const admin: Record<string, string> = useOperatorSession(t, ['admin'], 'ops.anna').headers
const support: Record<string, string> = useOperatorSession(t, ['support']).headers
const basic = () => admin

/** The registry on the app's database, with the app's key for the sealed signing secrets. */
const registry = () =>
  createPartnerService({
    db: t.db,
    clock: t.clock,
    production: false,
    secretsKey: resolveSecrets(undefined, undefined, {}, DOCUMENTS_KEY).partnerSecretsKey,
  })

const page = (url: string, headers: Record<string, string> = basic()) => t.app.inject({ method: 'GET', url, headers })

/** A form as the operator page's browser posts it; a field in a list is sent once per value (checkboxes). */
const post = (url: string, fields: Record<string, string | string[]>, headers: Record<string, string> = basic()) => {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one)
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
    payload: body.toString(),
  })
}

let slugs = 0
const ACME = () => ({
  slug: `acme-${++slugs}`,
  displayName: 'Acme Wallet',
  returnUrls: 'https://acme.example/back\nhttps://acme.example/other',
  embeddingOrigins: 'https://acme.example',
  webhookUrl: 'https://acme.example/hooks',
  brandName: 'Acme',
  brandLogoUrl: 'https://acme.example/logo.svg',
  brandColour: '#112233',
  orderFields: ['coin', 'amount'],
  locked: 'yes',
  bindSessionToIp: 'yes',
})

/** Registers a partner through the page; answers its id. */
async function registered(fields: Record<string, string | string[]> = ACME()) {
  const response = await post('/operator/partners', fields)
  expect(response.statusCode).toBe(303)
  const id = /^\/operator\/partners\/([0-9a-f-]{36})\?/.exec(response.headers.location as string)?.[1]
  expect(id).toBeDefined()
  return id!
}

const actionsOf = (partnerId: string) =>
  t.db
    .select()
    .from(operatorActions)
    .where(sql`${operatorActions.detail}->>'partnerId' = ${partnerId}`)
    .orderBy(asc(operatorActions.id))

/** The value the one-time answer page shows. */
const shownOnce = (html: string) => /<code id="shown-once">([^<]+)<\/code>/.exec(html)?.[1]

describe('partners in the operator view', () => {
  it('refuses every partner page and action without an admin signed in', async () => {
    const id = await registered()
    const forged = { cookie: `operatorSession=${'A'.repeat(43)}` }
    for (const [headers, status] of [
      [{}, 401],
      [forged, 401],
      [support, 403],
    ] as const) {
      for (const url of ['/operator/partners', `/operator/partners/${id}`])
        expect((await page(url, headers)).statusCode).toBe(status)
      for (const url of [
        '/operator/partners',
        `/operator/partners/${id}/keys`,
        `/operator/partners/${id}/signing-secret`,
      ])
        expect((await post(url, { slug: 'intruder', displayName: 'x' }, headers)).statusCode).toBe(status)
    }
    expect(await t.db.select().from(partnerApiKeys)).toHaveLength(0)
    expect(await registry().liveSigningSecrets(id)).toEqual([])
  })

  it('refuses an action that another site makes the browser send', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/operator/partners',
      headers: { ...basic(), 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      payload: new URLSearchParams({ slug: 'forged', displayName: 'Forged' }).toString(),
    })
    expect(response.statusCode).toBe(403)
    expect(await registry().partnerBySlug('forged')).toBeUndefined()
  })

  it('refuses a registration with bad fields, names each beside its input, and stores nothing', async () => {
    const fields = {
      ...ACME(),
      slug: 'Bad Slug',
      returnUrls: 'https://acme.example/back\nftp://acme.example/x',
      brandColour: 'red',
    }
    const actionsBefore = (await t.db.select().from(operatorActions)).length
    const partnersBefore = (await t.db.select().from(partnersTable)).length
    const response = await post('/operator/partners', fields)
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain('<span class="error" role="alert" id="slug-error">must be 2 to 40 lower-case')
    expect(response.body).toContain('id="returnUrls-error">entry 2: must be an https address')
    expect(response.body).toContain('id="brandColour-error">must be a colour like #1a2b3c')
    // What the operator typed is shown again, to be corrected.
    expect(response.body).toContain('value="Bad Slug"')
    expect(await t.db.select().from(partnersTable)).toHaveLength(partnersBefore)
    expect(await t.db.select().from(operatorActions)).toHaveLength(actionsBefore)
  })

  it('registers, lists, edits and disables a partner, each action logged with what changed', async () => {
    const fields = ACME()
    const id = await registered(fields)
    const stored = await registry().partnerBySlug(fields.slug)
    expect(stored).toMatchObject({
      id,
      displayName: 'Acme Wallet',
      returnUrls: ['https://acme.example/back', 'https://acme.example/other'],
      embeddingOrigins: ['https://acme.example'],
      webhookUrl: 'https://acme.example/hooks',
      brand: { name: 'Acme', logoUrl: 'https://acme.example/logo.svg', primaryColour: '#112233' },
      orderFields: { fiat: false, coin: true, network: false, amount: true, wallet: false, locked: true },
      bindSessionToIp: true,
      status: 'active',
    })

    const list = await page('/operator/partners')
    expect(list.statusCode).toBe(200)
    expect(list.body).toContain(`<a href="/operator/partners/${id}"><code>${fields.slug}</code></a>`)
    expect(list.body).toContain('<td>Acme Wallet</td><td>active</td><td>0</td><td>https://acme.example/hooks</td>')

    const refused = await post(`/operator/partners/${id}`, { ...fields, webhookUrl: 'http://acme.example/hooks' })
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('id="webhookUrl-error">must be an https address')
    expect((await registry().partnerById(id)).webhookUrl).toBe('https://acme.example/hooks')

    const { slug: _fixed, bindSessionToIp: _bound, ...rest } = fields
    const edited = await post(`/operator/partners/${id}`, { ...rest, slug: 'renamed', displayName: 'Acme Pay' })
    expect(edited.statusCode).toBe(303)
    expect(await registry().partnerById(id)).toMatchObject({
      slug: fields.slug,
      displayName: 'Acme Pay',
      bindSessionToIp: false,
    })

    expect((await post(`/operator/partners/${id}/status`, { status: 'disabled' })).statusCode).toBe(303)
    expect((await registry().partnerById(id)).status).toBe('disabled')
    expect((await page(`/operator/partners/${id}`)).body).toContain('<button>Activate</button>')

    const actions = await actionsOf(id)
    expect(actions.map((action) => [action.operator, action.action])).toEqual([
      ['ops.anna', 'partner_registered'],
      ['ops.anna', 'partner_changed'],
      ['ops.anna', 'partner_disabled'],
    ])
    expect(actions[0]!.detail).toMatchObject({ slug: fields.slug, settings: { displayName: 'Acme Wallet' } })
    expect(actions[1]!.detail).toEqual({
      partnerId: id,
      slug: fields.slug,
      changes: {
        displayName: { from: 'Acme Wallet', to: 'Acme Pay' },
        bindSessionToIp: { from: true, to: false },
      },
    })
    expect(actions[2]!.detail).toMatchObject({ changes: { status: { from: 'active', to: 'disabled' } } })
  })

  it('shows a new key once, which verifies, is on no later page, in no log and in no action; a revoked key is refused', async () => {
    const id = await registered()
    const issued = await post(`/operator/partners/${id}/keys`, { label: 'production', sources: '203.0.113.0/24' })
    expect(issued.statusCode).toBe(200)
    expect(issued.headers['cache-control']).toBe('no-store')
    expect(issued.body).toContain('it is shown this once')
    const key = shownOnce(issued.body)!
    expect(key).toMatch(/^hvxp_[0-9a-f]{12}_[\w-]{43}$/)
    const keyId = key.split('_')[1]!
    expect(await registry().verifyApiKey(key, '203.0.113.9')).toMatchObject({ ok: true, keyId })

    const later = await page(`/operator/partners/${id}`)
    expect(later.headers['cache-control']).toBe('no-store')
    expect(later.body).toContain(`<code>${keyId}</code></td><td>production</td><td>203.0.113.0/24</td>`)
    const secret = key.split('_').slice(2).join('_')
    expect(logLines.some((line) => line.includes(`/operator/partners/${id}/keys`))).toBe(true)
    for (const text of [later.body, (await page('/operator/partners')).body, logLines.join('\n')])
      expect(text).not.toContain(secret)

    const refused = await post(`/operator/partners/${id}/keys`, { label: 'x', sources: 'not-an-address' })
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('id="sources-error">entry 1: must be an IP address or a CIDR range')

    expect((await post(`/operator/partners/${id}/keys/${keyId}/revoke`, {})).statusCode).toBe(303)
    expect(await registry().verifyApiKey(key, '203.0.113.9')).toEqual({ ok: false, refusal: 'revoked' })
    expect((await page(`/operator/partners/${id}`)).body).not.toContain(`/keys/${keyId}/revoke`)

    const actions = await actionsOf(id)
    expect(actions.map((action) => action.action)).toEqual([
      'partner_registered',
      'partner_key_issued',
      'partner_key_revoked',
    ])
    expect(actions[1]!.detail).toEqual({
      partnerId: id,
      slug: expect.any(String),
      keyId,
      label: 'production',
      sources: ['203.0.113.0/24'],
    })
    expect(JSON.stringify(actions)).not.toContain(secret)
  })

  it("revokes a key only through its own partner's page", async () => {
    const [first, second] = [await registered(), await registered()]
    const key = shownOnce((await post(`/operator/partners/${first}/keys`, { label: 'a' })).body)!
    const keyId = key.split('_')[1]!
    expect((await post(`/operator/partners/${second}/keys/${keyId}/revoke`, {})).statusCode).toBe(404)
    expect(await registry().verifyApiKey(key, '198.51.100.1')).toMatchObject({ ok: true })
  })

  it('rotates the signing secret: shown once, the old one signs 24 h more, or not at all when ended now', async () => {
    const id = await registered()
    const first = await post(`/operator/partners/${id}/signing-secret`, {})
    expect(first.headers['cache-control']).toBe('no-store')
    const firstSecret = shownOnce(first.body)!
    expect(firstSecret).toMatch(/^whsec_/)
    const second = await post(`/operator/partners/${id}/signing-secret`, {})
    const secondSecret = shownOnce(second.body)!
    expect(second.body).toContain('keeps signing for 24 hours')
    expect(await registry().liveSigningSecrets(id)).toEqual([secondSecret, firstSecret])

    const ended = await post(`/operator/partners/${id}/signing-secret`, { endOldNow: 'yes' })
    const thirdSecret = shownOnce(ended.body)!
    expect(await registry().liveSigningSecrets(id)).toEqual([thirdSecret])

    const later = await page(`/operator/partners/${id}`)
    const actions = await actionsOf(id)
    for (const secret of [firstSecret, secondSecret, thirdSecret])
      for (const text of [later.body, logLines.join('\n'), JSON.stringify(actions)]) expect(text).not.toContain(secret)
    expect(actions.map((action) => [action.action, action.detail?.overlapHours])).toEqual([
      ['partner_registered', undefined],
      ['partner_signing_secret_rotated', 24],
      ['partner_signing_secret_rotated', 24],
      ['partner_signing_secret_rotated', 0],
    ])
  })

  it('shows a webhook turned off after a 410 and turns it on again, logged', async () => {
    const id = await registered()
    // The delivery job turns it off when the partner's address answers 410 Gone.
    await t.db.update(partnersTable).set({ webhookDisabledAt: t.clock.now() }).where(eq(partnersTable.id, id))
    expect((await page('/operator/partners')).body).toContain(`off since ${t.clock.now().toISOString()} (answered 410)`)
    expect((await post(`/operator/partners/${id}/deliveries/enable`, {})).statusCode).toBe(303)
    expect((await registry().partnerById(id)).webhookDisabledAt).toBeNull()
    expect((await page(`/operator/partners/${id}`)).body).not.toContain('answered 410')
    expect((await actionsOf(id)).at(-1)).toMatchObject({
      action: 'partner_notices_turned_on',
      detail: { partnerId: id },
    })
  })

  it("refuses a script's JSON whose fields are not text, and stores nothing", async () => {
    const partnersBefore = (await t.db.select().from(partnersTable)).length
    const response = await t.app.inject({
      method: 'POST',
      url: '/operator/partners',
      headers: { ...basic(), 'content-type': 'application/json' },
      payload: { slug: 'scripted', displayName: 'Scripted', returnUrls: { length: 1e9 } },
    })
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain('id="returnUrls-error">must be text')
    expect(await t.db.select().from(partnersTable)).toHaveLength(partnersBefore)
  })

  it('answers not found for a partner that does not exist', async () => {
    const keysBefore = (await t.db.select().from(partnerApiKeys)).length
    expect((await page('/operator/partners/not-an-id')).statusCode).toBe(404)
    expect((await page(`/operator/partners/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`)).statusCode).toBe(404)
    const refused = await post(`/operator/partners/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/keys`, {})
    expect(refused.statusCode).toBe(404)
    expect(await t.db.select().from(partnerApiKeys)).toHaveLength(keysBefore)
  })
})

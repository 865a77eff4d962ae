import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { customers } from '../src/db/tables/modules/customers'
import { orders } from '../src/db/tables/modules/orders'
import { partnerSessions } from '../src/db/tables/modules/partners'
import { sessions } from '../src/db/tables/modules/sessions'
import { sandboxEsignEnvelopes } from '../src/db/tables/providers/esign'
import { sandboxIdvApplicants } from '../src/db/tables/providers/identity'
import { sandboxCheckouts } from '../src/db/tables/providers/psp'
import { verifyPartnerReturn } from '../src/modules/partners/partner-return'
import {
  BTC_WALLET,
  COMPANY,
  buyer,
  callPublic,
  callUser,
  initiateBuy,
  latestCode,
  payableBuyer,
  signUpVerified,
  storedOrder,
  uniqueEmail,
  useTestApp,
} from './support'
import { PARTNER_TEST_DOCUMENTS_KEY, openPartnerVisit, partnerRegistry, registerPartner } from './support/partners'

const t = useTestApp({ env: { DOCUMENTS_ENCRYPTION_KEY: PARTNER_TEST_DOCUMENTS_KEY } })

/** Another valid bitcoin address than the tests' wallet. */
const OTHER_BTC_WALLET = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'

const claim = (partner: string, token: string, remoteAddress?: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/v1/public/mplogin',
      payload: { brandName: 'Helvex', companyDetails: COMPANY, step: 'claim', partner, token },
      ...(remoteAddress && { remoteAddress }),
    })
    .then((response) => ({ status: response.statusCode, body: response.json() }))

/** What a refused claim must leave as it was: the row unclaimed, no account, no session. */
async function nothingCreated(visitId: string, email: string) {
  const [row] = await t.db.select().from(partnerSessions).where(eq(partnerSessions.id, visitId))
  expect(row).toMatchObject({ claimedAt: null, claimedIp: null, entryHash: null, entryExpiresAt: null })
  expect(await t.db.select().from(customers).where(eq(customers.email, email))).toEqual([])
  const [bound] = await t.db.select({ n: count() }).from(sessions).where(eq(sessions.partnerSessionId, visitId))
  expect(bound?.n).toBe(0)
}

describe('claiming a partner link', () => {
  it('claims once: the answer names the visit, and a second claim is refused as used', async () => {
    const partner = await registerPartner(t)
    const { token, visit } = await openPartnerVisit(t, partner)
    const first = await claim(partner.slug, token)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({
      result: true,
      data: {
        entry: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        email: visit.email,
        known: false,
        partner: { slug: partner.slug, displayName: 'Acme Wallet', brand: { name: 'Acme', primaryColour: '#123456' } },
        entryExpiresAt: expect.any(String),
      },
    })
    const [row] = await t.db.select().from(partnerSessions).where(eq(partnerSessions.id, visit.id))
    expect(row?.claimedIp).toBe('127.0.0.1')
    expect(row?.entryHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row?.entryHash).not.toContain(first.body.data.entry)
    expect(await claim(partner.slug, token)).toEqual({ status: 409, body: { result: false, error: 'mp_link_used' } })
  })

  it('refuses a link opened after its five minutes, and creates nothing', async () => {
    const partner = await registerPartner(t)
    const { token, visit } = await openPartnerVisit(t, partner)
    t.clock.advance(5 * 60_000)
    expect(await claim(partner.slug, token)).toEqual({ status: 410, body: { result: false, error: 'mp_link_expired' } })
    await nothingCreated(visit.id, visit.email)
  })

  it('refuses a link opened from another address, and accepts the same address written as IPv6-mapped', async () => {
    const partner = await registerPartner(t)
    const { token, visit } = await openPartnerVisit(t, partner)
    expect(await claim(partner.slug, token, '198.51.100.7')).toEqual({
      status: 403,
      body: { result: false, error: 'mp_link_other_address' },
    })
    await nothingCreated(visit.id, visit.email)
    // The partner api stores the address as `canonicalIp` writes it; the request may come through an IPv6 socket.
    const mapped = await openPartnerVisit(t, partner, { customerIp: '198.51.100.7' })
    expect((await claim(partner.slug, mapped.token, '::ffff:198.51.100.7')).status).toBe(200)
    const compressed = await openPartnerVisit(t, partner, { customerIp: '2001:db8::7' })
    expect((await claim(partner.slug, compressed.token, '2001:DB8:0:0:0:0:0:7')).status).toBe(200)
    // A partner that does not bind its customers' sessions to their address: claimed from anywhere.
    const unboundPartner = await registerPartner(t, { bindSessionToIp: false })
    const unbound = await openPartnerVisit(t, unboundPartner, { bindIp: false })
    expect((await claim(unboundPartner.slug, unbound.token, '203.0.113.5')).status).toBe(200)
  })

  it('refuses a link under another partner, or an unknown one, as unknown', async () => {
    const partner = await registerPartner(t)
    const other = await registerPartner(t)
    const { token, visit } = await openPartnerVisit(t, partner)
    expect(await claim(other.slug, token)).toEqual({ status: 404, body: { result: false, error: 'mp_link_unknown' } })
    await nothingCreated(visit.id, visit.email)
    const unknown = 'A'.repeat(43)
    expect(await claim(partner.slug, unknown)).toEqual({
      status: 404,
      body: { result: false, error: 'mp_link_unknown' },
    })
  })

  it("refuses a disabled partner's link, and creates nothing", async () => {
    const partner = await registerPartner(t)
    const { token, visit } = await openPartnerVisit(t, partner)
    await partnerRegistry(t).updatePartner(partner.id, { status: 'disabled' })
    expect(await claim(partner.slug, token)).toEqual({
      status: 403,
      body: { result: false, error: 'mp_partner_disabled' },
    })
    await nothingCreated(visit.id, visit.email)
  })
})

describe('signing in through a visit', () => {
  it('a new customer chooses a password, confirms the code, and gets a session bound to the visit', async () => {
    const partner = await registerPartner(t)
    const { token, visit } = await openPartnerVisit(t, partner, {
      language: 'de',
      // As the contract words it (lower case); a part it cannot carry is left out of the answer.
      prefill: { fiat: 'EUR', crypto: 'doge', fiatAmount: '100.50' },
    })
    const { entry } = (await claim(partner.slug, token)).body.data
    const weak = await callPublic(t.app, 'mplogin', {
      companyDetails: COMPANY,
      step: 'password',
      entry,
      password: 'short',
    })
    expect(weak.status).toBe(400)
    expect(weak.body).toMatchObject({ result: false, error: 'validation_failed' })
    expect(await t.db.select().from(customers).where(eq(customers.email, visit.email))).toEqual([])

    const chosen = await callPublic(t.app, 'mplogin', {
      companyDetails: COMPANY,
      step: 'password',
      entry,
      password: 'correct horse',
    })
    expect(chosen.body).toEqual({ result: true, code: true, retryAfterSeconds: 30 })
    const [customer] = await t.db.select().from(customers).where(eq(customers.email, visit.email))
    expect(customer?.affiliateToken).toBe(`mp-${partner.slug}`)

    const code = await latestCode(t.db, visit.email)
    const signedIn = await callPublic(t.app, 'mplogin', { companyDetails: COMPANY, step: 'code', entry, code })
    expect(signedIn.status).toBe(200)
    const sessionToken = signedIn.body.data.token as string
    const [bound] = await t.db.select().from(sessions).where(eq(sessions.customerId, customer!.id))
    expect(bound?.partnerSessionId).toBe(visit.id)
    const [row] = await t.db.select().from(partnerSessions).where(eq(partnerSessions.id, visit.id))
    expect(row?.customerId).toBe(customer!.id)
    expect(row?.signedInAt).toEqual(t.clock.now())

    expect((await callUser(t.app, 'mpSession', sessionToken)).body).toEqual({
      result: true,
      data: {
        partner: { slug: partner.slug, displayName: 'Acme Wallet', brand: { name: 'Acme', primaryColour: '#123456' } },
        prefill: { fiat: 'eur', fiatAmount: '100.50' },
        locked: false,
        partnerOrderId: visit.partnerOrderId,
        orderReference: null,
        language: 'de',
      },
    })
  })

  it('a known customer: a wrong password is refused, the right one asks a code on a new browser', async () => {
    const known = await signUpVerified(t, uniqueEmail('known'))
    const partner = await registerPartner(t)
    const { token, visit } = await openPartnerVisit(t, partner, { email: known.email })
    const claimed = (await claim(partner.slug, token)).body.data
    expect(claimed.known).toBe(true)
    const wrong = await callPublic(t.app, 'mplogin', {
      companyDetails: COMPANY,
      step: 'password',
      entry: claimed.entry,
      password: 'wrong one',
    })
    expect(wrong.body).toEqual({ result: false, error: 'invalid_credentials' })
    t.clock.advance(31_000)
    const right = await callPublic(t.app, 'mplogin', {
      companyDetails: COMPANY,
      step: 'password',
      entry: claimed.entry,
      password: known.password,
    })
    expect(right.body).toMatchObject({ result: true, code: true })
    const code = await latestCode(t.db, known.email)
    const signedIn = await callPublic(t.app, 'mplogin', {
      companyDetails: COMPANY,
      step: 'code',
      entry: claimed.entry,
      code,
    })
    expect(signedIn.cookies.find((cookie) => cookie.name === 'trustedDevice')).toBeDefined()
    const session = await callUser(t.app, 'mpSession', signedIn.body.data.token as string)
    expect(session.body.data.partnerOrderId).toBe(visit.partnerOrderId)
  })

  it('a known customer on a trusted browser is signed in by the password alone', async () => {
    const known = await signUpVerified(t, uniqueEmail('trusted'))
    const partner = await registerPartner(t)
    const { token } = await openPartnerVisit(t, partner, { email: known.email })
    const { entry } = (await claim(partner.slug, token)).body.data
    const answer = await callPublic(
      t.app,
      'mplogin',
      { companyDetails: COMPANY, step: 'password', entry, password: known.password },
      { cookie: `trustedDevice=${known.device}` },
    )
    expect(answer.body).toEqual({ result: true, data: { token: expect.any(String) } })
    expect((await callUser(t.app, 'mpSession', answer.body.data.token as string)).body.result).toBe(true)
  })

  it('an entry opens nothing after its lifetime', async () => {
    const partner = await registerPartner(t)
    const { token } = await openPartnerVisit(t, partner)
    const { entry, entryExpiresAt } = (await claim(partner.slug, token)).body.data
    t.clock.set(new Date(entryExpiresAt as string))
    const late = await callPublic(t.app, 'mplogin', {
      companyDetails: COMPANY,
      step: 'password',
      entry,
      password: 'correct horse',
    })
    expect(late).toMatchObject({ status: 410, body: { result: false, error: 'mp_entry_ended' } })
    const back = await callPublic(t.app, 'mpOgReturn', { companyDetails: COMPANY, entry })
    expect(back).toMatchObject({ status: 410, body: { result: false, error: 'mp_entry_ended' } })
  })

  it('a session not started through a visit is told so', async () => {
    const customer = await signUpVerified(t)
    expect((await callUser(t.app, 'mpSession', customer.token)).body).toEqual({
      result: false,
      error: 'not_partner_session',
    })
  })
})

/** A buyer who came in through a partner's visit with a locked order, signed in on their trusted browser. */
async function lockedVisitBuyer({ payable = false, newCustomer = false } = {}) {
  const customer = newCustomer ? await signUpVerified(t) : payable ? await payableBuyer(t) : await buyer(t)
  const partner = await registerPartner(t)
  const { token, visit } = await openPartnerVisit(t, partner, {
    email: customer.email,
    locked: true,
    prefill: { fiat: 'eur', crypto: 'btc', fiatAmount: '250.00', wallet: BTC_WALLET },
  })
  const { entry } = (await claim(partner.slug, token)).body.data
  const signedIn = await callPublic(
    t.app,
    'mplogin',
    { companyDetails: COMPANY, step: 'password', entry, password: customer.password },
    { cookie: `trustedDevice=${customer.device}` },
  )
  return { customer, partner, visit, entry: entry as string, token: signedIn.body.data.token as string }
}

describe('an order started in a visit', () => {
  it('keeps what the partner locked, and is stamped with the partner, its order id and the visit', async () => {
    const { customer, partner, visit, token } = await lockedVisitBuyer()
    const [owner] = await t.db.select({ id: customers.id }).from(customers).where(eq(customers.email, customer.email))
    for (const [change, field] of [
      [{ assetId: 'eth_eur' }, 'assetId'],
      [{ assetId: 'btc_gbp' }, 'assetId'],
      [{ amount: '300' }, 'amount'],
      [{ wallet: OTHER_BTC_WALLET }, 'wallet'],
    ] as const) {
      const refused = await initiateBuy(t, token, change)
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual({
        result: false,
        error: 'field_locked',
        fields: { [field]: 'is set by the partner' },
      })
    }
    expect(await t.db.select().from(orders).where(eq(orders.customerId, owner!.id))).toEqual([])

    const made = await initiateBuy(t, token, { amount: '250' })
    expect(made.body.result).toBe(true)
    const reference = made.body.data.reference as string
    expect(await storedOrder(t, reference)).toMatchObject({
      partnerId: partner.id,
      partnerOrderId: visit.partnerOrderId,
      partnerSessionId: visit.id,
    })
    expect((await callUser(t.app, 'mpSession', token)).body.data.orderReference).toBe(reference)

    // The customer's own session is not bound: it orders as ever, unstamped.
    const own = await initiateBuy(t, customer.token, { amount: '300' })
    expect(await storedOrder(t, own.body.data.reference as string)).toMatchObject({
      partnerId: null,
      partnerOrderId: null,
      partnerSessionId: null,
    })
  })
})

describe('hosted pages in a visit', () => {
  it("send the customer back to the partner mode's twin of the return page; others to the dashboard's", async () => {
    const { customer, token } = await lockedVisitBuyer({ payable: true })
    const returnUrlOf = async (sessionToken: string, amount: string) => {
      const { reference } = (await initiateBuy(t, sessionToken, { amount })).body.data
      const started = await callUser(t.app, 'orderStartCard', sessionToken, {
        orderReference: reference,
        pspId: 'sandbox-card',
      })
      expect(started.body.result).toBe(true)
      const [checkout] = await t.db
        .select({ returnUrl: sandboxCheckouts.returnUrl })
        .from(sandboxCheckouts)
        .where(eq(sandboxCheckouts.id, started.body.data.sessionId as string))
      return checkout!.returnUrl
    }
    expect(await returnUrlOf(token, '250')).toMatch(/^\/mp-returncc\?session_id=\S+$/)
    expect(await returnUrlOf(customer.token, '300')).toMatch(/^\/dashboard-returncc\?session_id=\S+$/)
  })

  it('send the identity check and the signature back to the twin in a visit, and to the dashboard after it', async () => {
    // A customer who has only signed up: the identity check and the agreement are still owed.
    const { customer, token } = await lockedVisitBuyer({ newCustomer: true })
    const identityReturn = async (sessionToken: string) => {
      expect((await callUser(t.app, 'identityStart', sessionToken)).body.result).toBe(true)
      const [applicant] = await t.db
        .select({ returnUrl: sandboxIdvApplicants.returnUrl })
        .from(sandboxIdvApplicants)
        .where(eq(sandboxIdvApplicants.email, customer.email))
      return applicant!.returnUrl
    }
    // Each link names its own way back, as a real provider's does: the same check started again outside the visit.
    expect(await identityReturn(token)).toBe('/mp-returnauth')
    expect(await identityReturn(customer.token)).toBe('/dashboard-returnauth')

    const signingReturn = async (sessionToken: string) => {
      const started = await callUser(t.app, 'startDocusign', sessionToken, { signerName: 'Ada Lovelace' })
      expect(started.body.result).toBe(true)
      const envelope = new URL(started.body.data.signingUrl as string, 'http://sandbox').searchParams.get('envelope')
      const [row] = await t.db
        .select({ returnUrl: sandboxEsignEnvelopes.returnUrl })
        .from(sandboxEsignEnvelopes)
        .where(eq(sandboxEsignEnvelopes.id, envelope!))
      return row!.returnUrl
    }
    expect(await signingReturn(token)).toBe('/mp-returnagr')
    expect(await signingReturn(customer.token)).toBe('/dashboard-returnagr')
  })
})

describe('going back to the partner', () => {
  it('ends the visit, signs out its sessions and answers the return address signed for its host', async () => {
    const { partner, visit, entry, token } = await lockedVisitBuyer()
    const { secret } = await partnerRegistry(t).rotateSigningSecret(partner.id)
    const made = await initiateBuy(t, token)
    const back = await callPublic(t.app, 'mpOgReturn', { companyDetails: COMPANY, entry })
    expect(back.body).toEqual({ result: true, data: { url: expect.any(String), status: 'left' } })
    const url = new URL(back.body.data.url as string)
    expect(url.origin + url.pathname).toBe('https://acme.example/back')
    expect(url.searchParams.get('from')).toBe('exchange')
    expect(url.searchParams.get('mp_reference')).toBe(made.body.data.reference)
    expect(url.searchParams.get('mp_partner_order_id')).toBe(visit.partnerOrderId)
    expect(url.searchParams.get('mp_status')).toBe('left')
    expect(url.searchParams.get('mp_timestamp')).toBe(String(Math.floor(t.clock.now().getTime() / 1000)))
    expect(verifyPartnerReturn(url.toString(), [secret], t.clock.now(), 300)).toMatchObject({ status: 'left' })
    const elsewhere = new URL(url)
    elsewhere.host = 'evil.example'
    expect(verifyPartnerReturn(elsewhere.toString(), [secret], t.clock.now(), 300)).toBeUndefined()

    expect((await callUser(t.app, 'mpSession', token)).status).toBe(401)
    const [row] = await t.db.select().from(partnerSessions).where(eq(partnerSessions.id, visit.id))
    expect(row?.endedAt).toEqual(t.clock.now())
    const [bound] = await t.db.select().from(sessions).where(eq(sessions.partnerSessionId, visit.id))
    expect(bound?.revokedReason).toBe('partner_return')

    // A second click answers the same way back; the ended visit signs nobody in.
    t.clock.advance(1_000)
    const again = await callPublic(t.app, 'mpOgReturn', { companyDetails: COMPANY, entry })
    expect(new URL(again.body.data.url as string).searchParams.get('mp_reference')).toBe(made.body.data.reference)
    const refused = await callPublic(t.app, 'mplogin', {
      companyDetails: COMPANY,
      step: 'password',
      entry,
      password: 'whatever it is',
    })
    expect(refused).toMatchObject({ status: 410, body: { result: false, error: 'mp_entry_ended' } })
  })

  it('sends the customer back unsigned when the partner has no live secret', async () => {
    const partner = await registerPartner(t)
    const { token } = await openPartnerVisit(t, partner)
    const { entry } = (await claim(partner.slug, token)).body.data
    const back = await callPublic(t.app, 'mpOgReturn', { companyDetails: COMPANY, entry })
    const url = new URL(back.body.data.url as string)
    expect(url.searchParams.get('mp_status')).toBe('left')
    expect(url.searchParams.get('mp_reference')).toBe('')
    expect(url.searchParams.has('mp_signature')).toBe(false)
  })

  it('refuses an entry nobody was given', async () => {
    const answer = await callPublic(t.app, 'mpOgReturn', { companyDetails: COMPANY, entry: 'B'.repeat(43) })
    expect(answer).toMatchObject({ status: 410, body: { result: false, error: 'mp_entry_ended' } })
  })
})

describe("the visit's pages in the partner's frame", () => {
  const page = (url: string) => t.app.inject({ method: 'GET', url })

  it("may be framed by the partner's embedding origins only", async () => {
    const partner = await registerPartner(t)
    const today = await page('/login')
    for (const path of ['/mp', '/mp-checkout', '/mp-returnog', '/logoutmp']) {
      const framed = await page(`${path}?partner=${partner.slug}&token=${'C'.repeat(43)}`)
      expect(framed.headers['content-security-policy']).toContain("frame-ancestors 'self' https://app.acme.example")
      expect(framed.headers['x-frame-options']).toBeUndefined()
      // Every other directive as on any page.
      expect(String(framed.headers['content-security-policy']).replace(/;frame-ancestors[^;]*/, '')).toBe(
        String(today.headers['content-security-policy']).replace(/;frame-ancestors[^;]*/, ''),
      )
    }
    for (const url of [
      '/mp?partner=nobody-here',
      '/mp',
      `/login?partner=${partner.slug}`,
      `/mpx?partner=${partner.slug}`,
    ]) {
      const answer = await page(url)
      expect(answer.headers['content-security-policy']).toBe(today.headers['content-security-policy'])
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN')
    }
    await partnerRegistry(t).updatePartner(partner.id, { status: 'disabled' })
    expect((await page(`/mp?partner=${partner.slug}`)).headers['x-frame-options']).toBe('SAMEORIGIN')
  })

  it('lets /mp-continue keep the window that opened it, and no other page', async () => {
    for (const url of ['/mp-continue', '/mp-continue?x=1']) {
      const answer = await page(url)
      expect(answer.headers['cross-origin-opener-policy']).toBe('unsafe-none')
      // Not framed: only a partner's link may be.
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN')
    }
    for (const url of ['/mp', '/mp-checkout', '/mp-continued', '/login', '/dashboard']) {
      expect((await page(url)).headers['cross-origin-opener-policy']).toBe('same-origin')
    }
  })
})

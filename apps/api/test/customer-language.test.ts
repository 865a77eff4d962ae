import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { customers } from '../src/db/tables/modules/customers'
import {
  COMPANY,
  ETH_WALLET,
  buyer,
  callPublic,
  callUser,
  initiateBuy,
  latestCode,
  mailTo,
  uniqueEmail,
  useTestApp,
  wireOrderPaid,
} from './support'
import { openPartnerVisit, registerPartner, PARTNER_TEST_DOCUMENTS_KEY } from './support/partners'

const SECRET = 'customer-language-bank-secret'
const t = useTestApp({ env: { BANK_WEBHOOK_SECRET: SECRET, DOCUMENTS_ENCRYPTION_KEY: PARTNER_TEST_DOCUMENTS_KEY } })

/** The group and decimal signs a locale writes numbers with, as Intl has them on this machine. */
function signs(locale: string) {
  const parts = new Intl.NumberFormat(locale).formatToParts(11111.5)
  return {
    group: parts.find((p) => p.type === 'group')!.value,
    decimal: parts.find((p) => p.type === 'decimal')!.value,
  }
}

async function storedLanguage(email: string) {
  const [row] = await t.db.select({ language: customers.language }).from(customers).where(eq(customers.email, email))
  return row?.language
}

async function signUp(payload: Record<string, unknown>, headers: Record<string, string> = {}) {
  const email = uniqueEmail('language')
  const answer = await callPublic(
    t.app,
    'homesignup',
    { email, password: 'correct horse', token: 'DIRECT', companyDetails: COMPANY, ...payload },
    headers,
  )
  return { email, answer }
}

describe("the customer's language (decision 131)", () => {
  it('a sign-up in German stores German and mails the code in German', async () => {
    const { email, answer } = await signUp({ language: 'de' }, { 'accept-language': 'fr-CH' })
    expect(answer.body).toEqual({ result: true })
    expect(await storedLanguage(email)).toBe('de')
    const [mail] = await mailTo(t.db, email)
    expect(mail?.subject).toMatch(/^\d{5} ist Ihr Bestätigungscode für Helvex$/)
    expect(mail?.text).toContain('Geben Sie diesen Code ein, um Ihre E-Mail-Adresse zu bestätigen:')
    expect(mail?.text).toContain('Der Code ist 10 Minuten gültig')
    expect(mail?.html).toContain('<html lang="de">')
  })

  it("without a language, the request's Accept-Language decides (de-CH → German)", async () => {
    const { email } = await signUp({}, { 'accept-language': 'de-CH,de;q=0.9,en;q=0.8' })
    expect(await storedLanguage(email)).toBe('de')
    expect((await mailTo(t.db, email))[0]?.subject).toContain('ist Ihr Bestätigungscode')
  })

  it('a language the product does not speak in Accept-Language means English, as does none', async () => {
    const spanish = await signUp({}, { 'accept-language': 'es-ES,es;q=0.9' })
    const none = await signUp({})
    for (const { email } of [spanish, none]) {
      expect(await storedLanguage(email)).toBe('en')
      expect((await mailTo(t.db, email))[0]?.subject).toMatch(/^\d{5} is your Helvex verification code$/)
    }
  })

  it.each([['es'], ['DE'], [''], [7], [null]])(
    'a sign-up with the language %j is refused with 400, and nothing is stored or mailed',
    async (language) => {
      const { email, answer } = await signUp({ language })
      expect(answer.status).toBe(400)
      expect(answer.body).toMatchObject({
        result: false,
        error: 'validation_failed',
        fields: { language: 'Language must be one of en, de, fr, it' },
      })
      expect(await storedLanguage(email)).toBeUndefined()
      expect(await mailTo(t.db, email)).toEqual([])
    },
  )

  it('getGross answers the stored language; changeLanguage changes it, and the next mail is in the new one', async () => {
    const { email } = await signUp({ language: 'de' })
    const code = await latestCode(t.db, email)
    const token = (await callPublic(t.app, 'verifycode', { email, code })).body.data.token as string
    expect((await callUser(t.app, 'getGross', token)).body.data.details).toMatchObject({ email, language: 'de' })

    const changed = await callUser(t.app, 'changeLanguage', token, { language: 'fr' })
    expect(changed).toEqual({ status: 200, body: { result: true, language: 'fr' } })
    expect(await storedLanguage(email)).toBe('fr')
    expect((await callUser(t.app, 'getGross', token)).body.data.details.language).toBe('fr')

    await callUser(t.app, 'changePassword', token, { currentPassword: 'correct horse', newPassword: 'battery staple' })
    const [mail] = await mailTo(t.db, email)
    expect(mail?.template).toBe('password_changed')
    expect(mail?.subject).toBe('Votre mot de passe Helvex a été modifié')
    expect(mail?.text).toContain('Tous les autres appareils connectés ont été déconnectés')
  })

  it.each([[{ language: 'es' }], [{ language: 'english' }], [{}], [{ language: ['de'] }]])(
    'changeLanguage refuses %j with 400 and keeps the language',
    async (payload) => {
      const { email } = await signUp({ language: 'it' })
      const code = await latestCode(t.db, email)
      const token = (await callPublic(t.app, 'verifycode', { email, code })).body.data.token as string
      const refused = await callUser(t.app, 'changeLanguage', token, payload)
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({
        result: false,
        error: 'validation_failed',
        fields: { language: expect.any(String) },
      })
      expect(await storedLanguage(email)).toBe('it')
    },
  )

  it('changeLanguage needs a session', async () => {
    expect((await callUser(t.app, 'changeLanguage', undefined, { language: 'de' })).status).toBe(401)
  })

  it('the order mail writes amounts as de-CH does', async () => {
    const customer = await buyer(t)
    await callUser(t.app, 'changeLanguage', customer.token, { language: 'de' })
    await initiateBuy(t, customer.token, { amount: '1234.50', assetId: 'eth_chf', wallet: ETH_WALLET })
    const [mail] = await mailTo(t.db, customer.email)
    const { group, decimal } = signs('de-CH')
    expect(mail?.template).toBe('order_created')
    expect(mail?.subject).toMatch(/^Ihr Auftrag \w+ bei Helvex: /)
    expect(mail?.text).toContain(`Sie bezahlen: 1${group}234${decimal}50 CHF`)
    expect(mail?.text).toContain(`Gebühr: 12${decimal}35 CHF (1${decimal}00 %)`)
    expect(mail?.text).toContain('Testumgebung: Der Preis dieses Auftrags ist simuliert.')
    expect(mail?.text).toMatch(/Preis fest bis: \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} UTC/)
  })

  it('the payment mail writes amounts as fr-CH does', async () => {
    const customer = await buyer(t)
    await callUser(t.app, 'changeLanguage', customer.token, { language: 'fr' })
    const { reference } = await wireOrderPaid(t, SECRET, 'Ada Lovelace', customer, { amount: '1500.00' })
    const mails = await mailTo(t.db, customer.email)
    const paid = mails.find((mail) => mail.template === 'order_paid')
    const { group, decimal } = signs('fr-CH')
    expect(paid?.subject).toBe(`Paiement reçu : ordre Helvex ${reference}`)
    expect(paid?.text).toContain(`Nous avons reçu votre paiement de 1${group}500${decimal}00 EUR.`)
    expect(paid?.text).toContain(`Reçu: 1${group}500${decimal}00 EUR`)
    expect(paid?.text).toContain('Assistance : support@helvex.example')
  })

  it("a partner's visit in Italian makes a new customer Italian, mails the code in Italian and tells the web", async () => {
    const partner = await registerPartner(t)
    const { token, visit } = await openPartnerVisit(t, partner, { language: 'it' })
    const claimed = await callPublic(t.app, 'mplogin', {
      companyDetails: COMPANY,
      step: 'claim',
      partner: partner.slug,
      token,
    })
    expect(claimed.body.data.language).toBe('it')
    await callPublic(
      t.app,
      'mplogin',
      { companyDetails: COMPANY, step: 'password', entry: claimed.body.data.entry, password: 'correct horse' },
      { 'accept-language': 'de-CH' },
    )
    expect(await storedLanguage(visit.email)).toBe('it')
    expect((await mailTo(t.db, visit.email))[0]?.subject).toMatch(/^\d{5} è il Suo codice di verifica Helvex$/)
  })

  it("a partner's visit without a language leaves a new customer the request's Accept-Language", async () => {
    const partner = await registerPartner(t)
    const { token, visit } = await openPartnerVisit(t, partner)
    const claimed = await callPublic(t.app, 'mplogin', {
      companyDetails: COMPANY,
      step: 'claim',
      partner: partner.slug,
      token,
    })
    expect(claimed.body.data).not.toHaveProperty('language')
    await callPublic(
      t.app,
      'mplogin',
      { companyDetails: COMPANY, step: 'password', entry: claimed.body.data.entry, password: 'correct horse' },
      { 'accept-language': 'fr-CH,fr;q=0.9' },
    )
    expect(await storedLanguage(visit.email)).toBe('fr')
  })
})

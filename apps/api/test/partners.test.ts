import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { openDatabase } from '../src/db/client'
import { partnerApiKeys, partnerWebhookSecrets, partners as partnersTable } from '../src/db/tables/modules/partners'
import { AppError } from '../src/errors'
import { createPartnerService } from '../src/modules/partners/partners.service'
import { runPartnerCommand } from '../src/partner-cli'
import { useTestApp } from './support'

const t = useTestApp()
const SECRETS_KEY = randomBytes(32)

/** The registry on the test app's database, as a development (or a production) deployment has it. */
const registry = (production = false) =>
  createPartnerService({ db: t.db, clock: t.clock, production, secretsKey: SECRETS_KEY })

let slugs = 0
const nextSlug = () => `partner-${++slugs}`

/** A partner with the fewest fields, active. */
const newPartner = (slug = nextSlug()) =>
  registry().createPartner({
    slug,
    displayName: 'Acme Wallet',
    returnUrls: ['https://acme.example/back'],
    embeddingOrigins: ['https://acme.example'],
  })

/** The fields a refused call named, with what was wrong with each. */
async function refusedFields(call: Promise<unknown>): Promise<Record<string, string>> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(AppError)
  expect((error as AppError).code).toBe('validation_failed')
  return (error as AppError).fields ?? {}
}

const secretOf = (key: string) => key.split('_').slice(2).join('_')

describe('the partner registry', () => {
  it('registers a partner with its settings and lists it', async () => {
    const created = await registry().createPartner({
      slug: 'acme',
      displayName: 'Acme Wallet',
      brand: { name: 'Acme', logoUrl: 'https://acme.example/logo.svg', primaryColour: '#112233' },
      returnUrls: ['https://acme.example/back', 'http://localhost:5173/back'],
      embeddingOrigins: ['https://acme.example', 'https://pay.acme.example:8443/'],
      webhookUrl: 'https://acme.example/hooks',
      orderFields: { coin: true, amount: true, locked: true },
    })
    expect(created).toMatchObject({
      slug: 'acme',
      displayName: 'Acme Wallet',
      brand: { name: 'Acme', logoUrl: 'https://acme.example/logo.svg', primaryColour: '#112233' },
      returnUrls: ['https://acme.example/back', 'http://localhost:5173/back'],
      embeddingOrigins: ['https://acme.example', 'https://pay.acme.example:8443'],
      webhookUrl: 'https://acme.example/hooks',
      orderFields: { fiat: false, coin: true, network: false, amount: true, wallet: false, locked: true },
      bindSessionToIp: true,
      status: 'active',
    })
    const listed = await registry().listPartners()
    expect(listed.find((partner) => partner.slug === 'acme')).toEqual(created)
  })

  it('refuses bad input field by field and stores nothing', async () => {
    const before = await registry().listPartners()
    const good = { slug: 'good-slug', displayName: 'Good', returnUrls: ['https://good.example/back'] }
    expect(await refusedFields(registry().createPartner({ ...good, slug: 'Bad_Slug!' }))).toHaveProperty('slug')
    expect(await refusedFields(registry().createPartner({ ...good, slug: 'x' }))).toHaveProperty('slug')
    // An http return address is for a developer's own machine, and never in production.
    expect(
      await refusedFields(registry().createPartner({ ...good, returnUrls: ['http://good.example/back'] })),
    ).toEqual({ 'returnUrls.0': expect.stringContaining('https') })
    expect(
      await refusedFields(registry(true).createPartner({ ...good, returnUrls: ['http://localhost:5173/back'] })),
    ).toEqual({ 'returnUrls.0': 'must be an https address' })
    expect(
      await refusedFields(registry().createPartner({ ...good, embeddingOrigins: ['https://good.example/pay'] })),
    ).toEqual({ 'embeddingOrigins.0': expect.stringContaining('origin') })
    expect(
      await refusedFields(
        registry().createPartner({
          ...good,
          slug: '-x',
          webhookUrl: 'http://good.example/hooks',
          brand: { primaryColour: 'red' },
        }),
      ),
    ).toEqual({
      slug: expect.any(String),
      webhookUrl: 'must be an https address (or http on localhost)',
      'brand.primaryColour': expect.any(String),
    })
    expect(await registry().listPartners()).toEqual(before)

    await newPartner('taken')
    const count = (await registry().listPartners()).length
    expect(await refusedFields(registry().createPartner({ ...good, slug: 'taken' }))).toEqual({
      slug: 'is taken by another partner',
    })
    expect(await registry().listPartners()).toHaveLength(count)
  })

  it('changes a partner but not with bad input', async () => {
    const partner = await newPartner()
    t.clock.advance(60_000)
    const changed = await registry().updatePartner(partner.id, { displayName: 'Acme Pay', bindSessionToIp: false })
    expect(changed).toMatchObject({ displayName: 'Acme Pay', bindSessionToIp: false, slug: partner.slug })
    expect(changed.updatedAt.getTime()).toBeGreaterThan(partner.updatedAt.getTime())
    expect(await refusedFields(registry().updatePartner(partner.id, { slug: 'renamed' }))).toHaveProperty('input')
    expect(
      await refusedFields(registry().updatePartner(partner.id, { embeddingOrigins: ['https://a.example/x'] })),
    ).toHaveProperty('embeddingOrigins.0')
    for (const unknown of ['not-a-partner', '00000000-0000-4000-8000-000000000000']) {
      await expect(registry().updatePartner(unknown, { displayName: 'X' })).rejects.toMatchObject({ code: 'not_found' })
      await expect(registry().issueApiKey(unknown)).rejects.toMatchObject({ code: 'not_found' })
    }
    const [stored] = await t.db.select().from(partnersTable).where(eq(partnersTable.id, partner.id))
    expect(stored).toEqual(changed)
  })
})

describe("a partner's API keys", () => {
  it('verifies an issued key, keeps only its hash and notes its use', async () => {
    const partner = await newPartner()
    const { keyId, key } = await registry().issueApiKey(partner.id, { label: 'first' })
    expect(key).toMatch(new RegExp(`^hvxp_${keyId}_[A-Za-z0-9_-]{43}$`))
    const secret = secretOf(key)
    const rows = await t.db.select().from(partnerApiKeys).where(eq(partnerApiKeys.partnerId, partner.id))
    expect(rows).toHaveLength(1)
    expect(JSON.stringify(rows)).not.toContain(secret)
    expect(rows[0]!.lastUsedAt).toBeNull()

    const check = await registry().verifyApiKey(key, '192.0.2.10')
    expect(check).toMatchObject({ ok: true, keyId, partner: { id: partner.id, slug: partner.slug } })
    const [used] = await t.db.select().from(partnerApiKeys).where(eq(partnerApiKeys.keyId, keyId))
    expect(used!.lastUsedAt).toEqual(t.clock.now())
  })

  it('refuses a wrong secret, an unknown key and a malformed one as unknown', async () => {
    const partner = await newPartner()
    const { keyId, key } = await registry().issueApiKey(partner.id)
    const wrong = `hvxp_${keyId}_${secretOf(key).replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`
    for (const presented of [wrong, `hvxp_000000000000_${secretOf(key)}`, 'hvxp_', 'nonsense', key.slice(0, -1)])
      expect(await registry().verifyApiKey(presented, '192.0.2.10')).toEqual({ ok: false, refusal: 'unknown_key' })
  })

  it('refuses a revoked key; two keys work at once while one replaces the other', async () => {
    const partner = await newPartner()
    const old = await registry().issueApiKey(partner.id, { label: 'old' })
    const next = await registry().issueApiKey(partner.id, { label: 'next' })
    expect(await registry().verifyApiKey(old.key, '192.0.2.10')).toMatchObject({ ok: true })
    expect(await registry().verifyApiKey(next.key, '192.0.2.10')).toMatchObject({ ok: true })
    expect(await registry().revokeApiKey(old.keyId)).toBe(true)
    expect(await registry().revokeApiKey(old.keyId)).toBe(false)
    expect(await registry().verifyApiKey(old.key, '192.0.2.10')).toEqual({ ok: false, refusal: 'revoked' })
    expect(await registry().verifyApiKey(next.key, '192.0.2.10')).toMatchObject({ ok: true, keyId: next.keyId })
  })

  it('accepts a limited key only from its sources', async () => {
    const partner = await newPartner()
    const { key } = await registry().issueApiKey(partner.id, { sources: ['203.0.113.0/24', '2001:db8::1'] })
    expect(await registry().verifyApiKey(key, '203.0.113.7')).toMatchObject({ ok: true })
    expect(await registry().verifyApiKey(key, '::ffff:203.0.113.7')).toMatchObject({ ok: true })
    expect(await registry().verifyApiKey(key, '2001:db8::1')).toMatchObject({ ok: true })
    for (const source of ['198.51.100.1', '2001:db8::2', 'not-an-address'])
      expect(await registry().verifyApiKey(key, source)).toEqual({ ok: false, refusal: 'source_not_allowed' })
  })

  it('refuses a bad source or label and issues nothing', async () => {
    const partner = await newPartner()
    expect(
      await refusedFields(registry().issueApiKey(partner.id, { sources: ['203.0.113.0/33', '203.0.113.0/24'] })),
    ).toEqual({ 'sources.0': 'must be an IP address or a CIDR range' })
    expect(await refusedFields(registry().issueApiKey(partner.id, { sources: ['example.com'] }))).toHaveProperty(
      'sources.0',
    )
    expect(await t.db.select().from(partnerApiKeys).where(eq(partnerApiKeys.partnerId, partner.id))).toEqual([])
  })

  it('refuses the keys of a disabled partner until it is active again', async () => {
    const partner = await newPartner()
    const { key } = await registry().issueApiKey(partner.id)
    await registry().updatePartner(partner.id, { status: 'disabled' })
    expect(await registry().verifyApiKey(key, '192.0.2.10')).toEqual({ ok: false, refusal: 'partner_disabled' })
    await registry().updatePartner(partner.id, { status: 'active' })
    expect(await registry().verifyApiKey(key, '192.0.2.10')).toMatchObject({ ok: true })
  })
})

describe('signing secrets', () => {
  it('keeps a secret sealed, and lets a rotated-out one sign beside the next until its overlap ends', async () => {
    const partner = await newPartner()
    const { secret: first } = await registry().rotateSigningSecret(partner.id)
    expect(first).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(await registry().liveSigningSecrets(partner.id)).toEqual([first])
    const stored = await t.db
      .select({ sealed: partnerWebhookSecrets.sealedSecret })
      .from(partnerWebhookSecrets)
      .where(eq(partnerWebhookSecrets.partnerId, partner.id))
    expect(stored).toHaveLength(1)
    expect(stored[0]!.sealed).not.toContain(first.slice(6, 20))

    const { secret: second } = await registry().rotateSigningSecret(partner.id)
    expect(await registry().liveSigningSecrets(partner.id)).toEqual([second, first])
    t.clock.advance(24 * 3_600_000 + 1_000)
    expect(await registry().liveSigningSecrets(partner.id)).toEqual([second])

    const { secret: third } = await registry().rotateSigningSecret(partner.id, 0)
    expect(await registry().liveSigningSecrets(partner.id)).toEqual([third])
    await expect(registry().rotateSigningSecret('not-a-partner')).rejects.toMatchObject({ code: 'not_found' })
  })
})

describe('npm run partner', () => {
  it('creates a first partner on a fresh install and prints a key, once, that then verifies', async () => {
    // On PostgreSQL the tool is given the test app's database; on PGlite a fresh data folder of its own.
    const dataDir = mkdtempSync(join(tmpdir(), 'partner-cli-'))
    // The tool reads the configuration the app does: a PostgreSQL deployment has its shared keys set.
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ...(t.databaseUrl && {
        DATABASE_URL: t.databaseUrl,
        JWT_SECRET: 'a-partner-tool-test-signing-key-of-48-characters',
        DOCUMENTS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      }),
    }
    const lines: string[] = []
    const problems: string[] = []
    const io = { out: (line: string) => lines.push(line), err: (line: string) => problems.push(line) }
    try {
      const args = [
        'create',
        '--slug',
        'cli-acme',
        '--name',
        'Acme Wallet',
        '--return-url',
        'https://acme.example/back',
      ]
      expect(await runPartnerCommand([...args, '--origin', 'https://acme.example'], io, env)).toBe(0)
      expect(problems).toEqual([])
      expect(lines.join('\n')).toMatch(/This key is shown only once/)
      expect(lines.join('\n')).toMatch(/This signing secret is shown only once/)
      const key = lines.map((line) => /^api key: (\S+)$/.exec(line)?.[1]).find(Boolean)!
      expect(key).toMatch(/^hvxp_/)
      const secretsPrinted = () => lines.flatMap((line) => /^signing secret: (\S+)$/.exec(line)?.[1] ?? [])
      expect(secretsPrinted()).toEqual([expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/)])

      // The next signing secret, printed once; the first keeps signing beside it for its overlap.
      expect(await runPartnerCommand(['secret', '--slug', 'cli-acme'], io, env)).toBe(0)
      expect(secretsPrinted()).toHaveLength(2)
      expect(new Set(secretsPrinted()).size).toBe(2)
      expect(lines.join('\n')).toMatch(/the previous one signs beside it for 24 hours/)
      expect(await runPartnerCommand(['secret', '--slug', 'no-such-partner'], io, env)).toBe(1)

      expect(await runPartnerCommand(args, io, env)).toBe(1)
      expect(
        await runPartnerCommand(
          ['create', '--slug', 'cli-two', '--name', 'Two', '--origin', 'https://two.example/path'],
          io,
          env,
        ),
      ).toBe(1)
      expect(problems).toEqual([
        'no partner with the slug no-such-partner',
        'slug: is taken by another partner',
        'embeddingOrigins.0: must be an origin (https://host[:port]) without a path',
      ])
      expect(await runPartnerCommand(['list'], io, env)).toBe(0)
      expect(lines.filter((line) => line.startsWith('cli-'))).toEqual([expect.stringMatching(/^cli-acme\tactive\t/)])
      expect(await runPartnerCommand(['bogus'], io, env)).toBe(2)

      const database = t.databaseUrl ? undefined : await openDatabase({ kind: 'pglite', dataDir, template: undefined })
      const db = database?.db ?? t.db
      try {
        const partners = createPartnerService({ db, clock: t.clock, production: false, secretsKey: SECRETS_KEY })
        const check = await partners.verifyApiKey(key, '203.0.113.7')
        expect(check).toMatchObject({
          ok: true,
          partner: { slug: 'cli-acme', displayName: 'Acme Wallet', embeddingOrigins: ['https://acme.example'] },
        })
        const partnerId = check.ok ? check.partner.id : ''
        const secrets = await db
          .select()
          .from(partnerWebhookSecrets)
          .where(eq(partnerWebhookSecrets.partnerId, partnerId))
        // Two sealed secrets, neither as printed; the first retires after its overlap, the second signs on.
        expect(secrets.map((row) => row.retiresAt === null).sort()).toEqual([false, true])
        for (const printed of secretsPrinted()) expect(JSON.stringify(secrets)).not.toContain(printed.slice(6, 26))
      } finally {
        await database?.close()
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

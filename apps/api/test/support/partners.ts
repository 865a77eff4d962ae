import { createHash, randomBytes } from 'node:crypto'
import { partnerSessions } from '../../src/db/tables/modules/partners'
import type { Partner } from '../../src/modules/partners/partner-records'
import { createPartnerService } from '../../src/modules/partners/partners.service'
import { resolveSecrets } from '../../src/secrets'
import { uniqueEmail } from './calls'
import { type TestApp } from './test-app'

/** The documents key of a test app whose partner secrets a test seals: `env: { DOCUMENTS_ENCRYPTION_KEY }`. */
export const PARTNER_TEST_DOCUMENTS_KEY = Buffer.alloc(32, 11).toString('base64')

/** The partner registry on a test app's database, sealing secrets as the app built with the key above unseals them. */
export function partnerRegistry(t: TestApp) {
  const { partnerSecretsKey } = resolveSecrets(undefined, undefined, {}, PARTNER_TEST_DOCUMENTS_KEY)
  return createPartnerService({ db: t.db, clock: t.clock, production: false, secretsKey: partnerSecretsKey })
}

let partners = 0

/** An active partner with a return address and an embedding origin; `fields` changes any of its settings. */
export function registerPartner(t: TestApp, fields: Record<string, unknown> = {}): Promise<Partner> {
  partners += 1
  return partnerRegistry(t).createPartner({
    slug: `acme-${partners}-${randomBytes(3).toString('hex')}`,
    displayName: 'Acme Wallet',
    brand: { name: 'Acme', primaryColour: '#123456' },
    returnUrls: ['https://acme.example/back?from=exchange'],
    embeddingOrigins: ['https://app.acme.example'],
    ...fields,
  })
}

/**
 * A way in as the partner's server opens it (`POST /v1/partner/sessions`): a `partner_sessions` row for a fresh
 * e-mail, from 127.0.0.1 (the address of an injected request), valid five minutes. Answers its token and the row.
 */
export async function openPartnerVisit(
  t: TestApp,
  partner: Partner,
  fields: Partial<typeof partnerSessions.$inferInsert> = {},
) {
  const token = randomBytes(32).toString('base64url')
  const now = t.clock.now()
  const [visit] = await t.db
    .insert(partnerSessions)
    .values({
      partnerId: partner.id,
      keyId: 'testkey00001',
      tokenHash: createHash('sha256').update(token).digest('hex'),
      email: uniqueEmail('partner'),
      customerIp: '127.0.0.1',
      bindIp: true,
      partnerOrderId: `acme-order-${randomBytes(3).toString('hex')}`,
      returnUrl: partner.returnUrls[0]!,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 5 * 60_000),
      ...fields,
    })
    .returning()
  return { token, visit: visit! }
}

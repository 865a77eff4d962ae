import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm'
import { partnerWebhookSecrets, partners } from '../../db/tables/modules/partners'
import { AppError } from '../../errors'
import { assertPartnerId } from './partner-records'
import type { PartnerServiceDeps } from './partners-deps'

/** How long a rotated-out secret keeps signing beside the new one, so the partner can move over without a gap. */
export const SECRET_OVERLAP_HOURS = 24

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
const SECRET_PREFIX = 'whsec_'

export type SigningSecretDeps = Pick<PartnerServiceDeps, 'db' | 'clock' | 'secretsKey'>

function seal(key: Buffer, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')
}

function unseal(key: Buffer, value: string): string {
  const [iv, tag, sealed] = value.split('.').map((part) => Buffer.from(part, 'base64url'))
  const decipher = createDecipheriv('aes-256-gcm', key, iv!)
  decipher.setAuthTag(tag!)
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8')
}

/**
 * Makes the partner's next signing secret and answers it, this once in the clear. The secrets it had keep signing for
 * `SECRET_OVERLAP_HOURS` more (none when `overlapHours` is 0, e.g. a secret that leaked: then also those still within an
 * earlier overlap stop).
 */
export async function rotateSigningSecret(
  { db, clock, secretsKey: key }: SigningSecretDeps,
  partnerId: string,
  overlapHours = SECRET_OVERLAP_HOURS,
): Promise<{ secret: string }> {
  assertPartnerId(partnerId)
  const secret = `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`
  await db.transaction(async (tx) => {
    const [partner] = await tx
      .select({ id: partners.id })
      .from(partners)
      .where(eq(partners.id, partnerId))
      .for('update')
    if (!partner) throw new AppError('not_found', 404)
    const now = clock.now()
    const retiresAt = new Date(now.getTime() + overlapHours * 3_600_000)
    await tx
      .update(partnerWebhookSecrets)
      .set({ retiresAt })
      .where(
        and(
          eq(partnerWebhookSecrets.partnerId, partnerId),
          // A secret still in an earlier overlap ends too when this one ends sooner (a leak ends them all now).
          or(isNull(partnerWebhookSecrets.retiresAt), gt(partnerWebhookSecrets.retiresAt, retiresAt)),
        ),
      )
    await tx.insert(partnerWebhookSecrets).values({ partnerId, sealedSecret: seal(key, secret), createdAt: now })
  })
  return { secret }
}

/**
 * The partner's secrets that sign now (`whsec_…`), newest first: the current one, and those rotated out within their
 * overlap. Empty when the partner has none yet.
 */
export async function liveSigningSecrets(
  { db, clock, secretsKey: key }: SigningSecretDeps,
  partnerId: string,
): Promise<string[]> {
  const rows = await db
    .select({ sealedSecret: partnerWebhookSecrets.sealedSecret, createdAt: partnerWebhookSecrets.createdAt })
    .from(partnerWebhookSecrets)
    .where(
      and(
        eq(partnerWebhookSecrets.partnerId, partnerId),
        or(isNull(partnerWebhookSecrets.retiresAt), gt(partnerWebhookSecrets.retiresAt, clock.now())),
      ),
    )
    .orderBy(asc(partnerWebhookSecrets.createdAt))
  return rows.reverse().map((row) => unseal(key, row.sealedSecret))
}

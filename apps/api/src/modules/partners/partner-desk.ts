import { and, asc, count, eq, isNull } from 'drizzle-orm'
import { partnerApiKeys, partners } from '../../db/tables/modules/partners'
import { AppError } from '../../errors'
import { revokeApiKey } from './api-keys'
import { type Partner, assertPartnerId } from './partner-records'
import type { PartnerServiceDeps } from './partners-deps'

/** A partner as the operator's list shows it: its settings and how many of its keys are still active. */
export type PartnerSummary = Partner & { activeKeys: number }

/** A key as the operator sees it: never its secret nor the secret's hash. */
export interface PartnerKeyView {
  keyId: string
  label: string
  sources: string[]
  createdAt: Date
  lastUsedAt: Date | null
  revokedAt: Date | null
}

type ReadDeps = Pick<PartnerServiceDeps, 'db'>

/** Every partner, by slug, with the number of its active keys. */
export async function partnerSummaries({ db }: ReadDeps): Promise<PartnerSummary[]> {
  const active = db
    .select({ partnerId: partnerApiKeys.partnerId, keys: count().as('keys') })
    .from(partnerApiKeys)
    .where(isNull(partnerApiKeys.revokedAt))
    .groupBy(partnerApiKeys.partnerId)
    .as('active')
  const rows = await db
    .select({ partner: partners, keys: active.keys })
    .from(partners)
    .leftJoin(active, eq(active.partnerId, partners.id))
    .orderBy(asc(partners.slug))
  return rows.map((row) => ({ ...row.partner, activeKeys: Number(row.keys ?? 0) }))
}

/** The partner of this id; an id that names none is refused as not found. */
export async function partnerById({ db }: ReadDeps, partnerId: string): Promise<Partner> {
  assertPartnerId(partnerId)
  const [partner] = await db.select().from(partners).where(eq(partners.id, partnerId))
  if (!partner) throw new AppError('not_found', 404)
  return partner
}

/** The partner's keys, oldest first, revoked ones included. */
export async function partnerKeys({ db }: ReadDeps, partnerId: string): Promise<PartnerKeyView[]> {
  assertPartnerId(partnerId)
  return db
    .select({
      keyId: partnerApiKeys.keyId,
      label: partnerApiKeys.label,
      sources: partnerApiKeys.allowedSources,
      createdAt: partnerApiKeys.createdAt,
      lastUsedAt: partnerApiKeys.lastUsedAt,
      revokedAt: partnerApiKeys.revokedAt,
    })
    .from(partnerApiKeys)
    .where(eq(partnerApiKeys.partnerId, partnerId))
    .orderBy(asc(partnerApiKeys.createdAt), asc(partnerApiKeys.keyId))
}

/**
 * Revokes a key of this partner: a key id of another partner is refused as not found, so that a form of one partner
 * cannot reach another's keys. Answers false when the key was already revoked.
 */
export async function revokePartnerKey(deps: PartnerServiceDeps, partnerId: string, keyId: string): Promise<boolean> {
  assertPartnerId(partnerId)
  const [key] = await deps.db
    .select({ revokedAt: partnerApiKeys.revokedAt })
    .from(partnerApiKeys)
    .where(and(eq(partnerApiKeys.partnerId, partnerId), eq(partnerApiKeys.keyId, keyId)))
  if (!key) throw new AppError('not_found', 404)
  return revokeApiKey(deps, keyId)
}

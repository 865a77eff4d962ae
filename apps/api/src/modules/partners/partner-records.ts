import { asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { partners } from '../../db/tables/modules/partners'
import { isUniqueViolation } from '../../db/errors'
import { AppError } from '../../errors'
import { newPartnerSchema, parseOrRefuse, partnerChangeSchema } from './partner-input'
import type { PartnerServiceDeps } from './partners-deps'

export type Partner = typeof partners.$inferSelect

/** Refuses as not found an id that cannot name a partner, before the database is asked. */
export function assertPartnerId(partnerId: string): void {
  if (!z.uuid().safeParse(partnerId).success) throw new AppError('not_found', 404)
}

/** Registers a partner; a bad field or a slug already taken is refused with the field named, and nothing is stored. */
export async function createPartner({ db, clock, production }: PartnerServiceDeps, input: unknown): Promise<Partner> {
  const values = parseOrRefuse(newPartnerSchema(production), input)
  try {
    const now = clock.now()
    const [partner] = await db
      .insert(partners)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning()
    return partner!
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('validation_failed', 400, { fields: { slug: 'is taken by another partner' } })
    throw error
  }
}

/** Changes a partner's settings (not its slug); a bad field is refused and nothing changes. */
export async function updatePartner(
  { db, clock, production }: PartnerServiceDeps,
  partnerId: string,
  input: unknown,
): Promise<Partner> {
  assertPartnerId(partnerId)
  const change = parseOrRefuse(partnerChangeSchema(production), input)
  const [partner] = await db
    .update(partners)
    .set({ ...change, updatedAt: clock.now() })
    .where(eq(partners.id, partnerId))
    .returning()
  if (!partner) throw new AppError('not_found', 404)
  return partner
}

/** Every partner, by slug. */
export function listPartners({ db }: Pick<PartnerServiceDeps, 'db'>): Promise<Partner[]> {
  return db.select().from(partners).orderBy(asc(partners.slug))
}

/** The partner of this slug, or undefined. */
export async function partnerBySlug({ db }: Pick<PartnerServiceDeps, 'db'>, slug: string) {
  const [partner] = await db.select().from(partners).where(eq(partners.slug, slug))
  return partner
}

/** The origins whose pages may frame an active partner's visit; none for an unknown or disabled partner. */
export async function embeddingOriginsOf({ db }: Pick<PartnerServiceDeps, 'db'>, slug: string): Promise<string[]> {
  const partner = await partnerBySlug({ db }, slug)
  return partner?.status === 'active' ? partner.embeddingOrigins : []
}

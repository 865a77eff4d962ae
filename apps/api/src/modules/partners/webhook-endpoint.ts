import { eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { partners } from '../../db/tables/modules/partners'
import { AppError } from '../../errors'
import { assertPartnerId } from './partner-records'
import type { PartnerServiceDeps } from './partners-deps'

/**
 * The partner's webhook address answered 410 Gone: nothing more is sent to it until an operator turns it on again
 * (decision 115). Inside the transaction that records the answer.
 */
export async function disableWebhook(tx: Database, partnerId: string, at: Date): Promise<void> {
  await tx.update(partners).set({ webhookDisabledAt: at, updatedAt: at }).where(eq(partners.id, partnerId))
}

/** An operator turns the partner's notices on again: the notices held since the 410 are sent in order. */
export async function enableWebhook({ db, clock }: Pick<PartnerServiceDeps, 'db' | 'clock'>, partnerId: string) {
  assertPartnerId(partnerId)
  const [partner] = await db
    .update(partners)
    .set({ webhookDisabledAt: null, updatedAt: clock.now() })
    .where(eq(partners.id, partnerId))
    .returning({ id: partners.id })
  if (!partner) throw new AppError('not_found', 404)
}

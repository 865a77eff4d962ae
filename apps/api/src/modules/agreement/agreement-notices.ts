import { createHash, randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { agreementEvents, agreementSignings, signedAgreements } from '../../db/tables/modules/agreement'
import { callProvider } from '../../errors'
import type { SigningNotice } from '../../providers/esign/esign.provider'
import { encryptDocument } from '../documents/document-cipher'
import { aadOf, type AgreementContext, type AgreementNoticeOutcome } from './agreement-deps'

/**
 * Applies one verified provider notice. The notice's key is stored with its effect in one transaction, with the
 * signing row locked: a notice delivered twice, or two deliveries at once, record one signed agreement. A signed
 * envelope's document is read from the provider first; if that fails nothing is stored and the provider retries.
 */
export async function receiveNotice(
  { db, clock, provider, key, keyId }: AgreementContext,
  notice: SigningNotice,
): Promise<{ outcome: AgreementNoticeOutcome }> {
  const [known] = await db
    .select({ status: agreementSignings.status })
    .from(agreementSignings)
    .where(and(eq(agreementSignings.provider, provider.kind), eq(agreementSignings.envelopeId, notice.envelopeId)))
  if (!known) return { outcome: 'unknown_envelope' }
  const document =
    notice.outcome === 'signed' && known.status === 'sent'
      ? await callProvider(() => provider.signedDocument(notice.envelopeId))
      : undefined
  return db.transaction(async (tx) => {
    const [signing] = await tx
      .select()
      .from(agreementSignings)
      .where(and(eq(agreementSignings.provider, provider.kind), eq(agreementSignings.envelopeId, notice.envelopeId)))
      .for('update')
    if (!signing) return { outcome: 'unknown_envelope' as const }
    const decided = signing.status !== 'sent'
    const [recorded] = await tx
      .insert(agreementEvents)
      .values({
        signingId: signing.id,
        type: decided ? 'notice_ignored' : 'notice_applied',
        noticeKey: notice.noticeKey,
        detail: { outcome: notice.outcome, occurredAt: notice.occurredAt.toISOString(), fromStatus: signing.status },
        createdAt: clock.now(),
      })
      .onConflictDoNothing({ target: agreementEvents.noticeKey })
      .returning({ id: agreementEvents.id })
    if (!recorded) return { outcome: 'duplicate' as const }
    if (decided) return { outcome: 'already_decided' as const }
    await tx
      .update(agreementSignings)
      .set({ status: notice.outcome, updatedAt: clock.now() })
      .where(eq(agreementSignings.id, signing.id))
    if (notice.outcome === 'signed') {
      if (!document) throw new Error('signed envelope without its document')
      const id = randomUUID()
      await tx.insert(signedAgreements).values({
        id,
        customerId: signing.customerId,
        signingId: signing.id,
        agreementVersion: signing.agreementVersion,
        language: signing.language,
        provider: provider.kind,
        envelopeId: notice.envelopeId,
        signerName: signing.signerName,
        signerIp: notice.signerIp ?? signing.requestIp,
        signedAt: notice.occurredAt,
        mediaType: document.mediaType,
        fileName: document.fileName,
        sha256: createHash('sha256').update(document.bytes).digest('hex'),
        keyId,
        ...encryptDocument(key, document.bytes, aadOf(id, signing.customerId)),
        createdAt: clock.now(),
      })
    }
    return { outcome: 'applied' as const }
  })
}

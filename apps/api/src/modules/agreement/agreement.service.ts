import { createHash, randomUUID } from 'node:crypto'
import { and, desc, eq, isNull } from 'drizzle-orm'
import { agreementPlainText, type CustomerAgreement } from '@exchange/shared/agreement'
import type { SignedAgreementView, SigningStatus } from '@exchange/shared/agreement.schemas'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { agreementEvents, agreementSignings, signedAgreements } from '../../db/tables/modules/agreement'
import { customers } from '../../db/tables/modules/customers'
import { orders } from '../../db/tables/modules/orders'
import { AppError, callProvider } from '../../errors'
import type { ESignatureProvider, SigningNotice } from '../../providers/esign/esign.provider'
import { decryptDocument, encryptDocument, keyIdOf } from '../documents/document-cipher'

export type AgreementService = ReturnType<typeof createAgreementService>

export interface AgreementServiceDeps {
  db: Database
  clock: Clock
  provider: ESignatureProvider
  /** The agreement in force, with the brand's company. */
  agreement: CustomerAgreement
  /** AES-256 key of the documents at rest: the signed agreements are kept like the customers' documents. */
  key: Buffer
}

/** The web app's return page after the provider's signing page; it reads the stored status, never the redirect. */
export const AGREEMENT_RETURN_PATH = '/dashboard-returnagr'

export type AgreementNoticeOutcome = 'applied' | 'duplicate' | 'already_decided' | 'unknown_envelope'

/** The AAD of a signed agreement: its id and owner, so a ciphertext copied onto another row does not decrypt. */
const aadOf = (id: string, customerId: string) => `signed-agreement:${id}:customer:${customerId}`

/**
 * The customer agreement (decision 044): starts the signature of the version in force at the configured provider,
 * applies the provider's signed notices (each once), and keeps every signed agreement with its document, encrypted
 * and append-only. Owns `agreement_signings`, `agreement_events` and `signed_agreements`.
 */
export function createAgreementService({ db, clock, provider, agreement, key }: AgreementServiceDeps) {
  const keyId = keyIdOf(key)
  const version = agreement.version
  const text = agreementPlainText(agreement)

  /** The customer's signature of the version in force, if any. */
  async function currentSignature(customerId: string) {
    const [row] = await db
      .select({ id: signedAgreements.id, signedAt: signedAgreements.signedAt })
      .from(signedAgreements)
      .where(and(eq(signedAgreements.customerId, customerId), eq(signedAgreements.agreementVersion, version)))
      .orderBy(desc(signedAgreements.signedAt))
      .limit(1)
    return row
  }

  /** The journey fact: whether the version in force is signed. */
  async function hasSignedCurrent(customerId: string): Promise<boolean> {
    return (await currentSignature(customerId)) !== undefined
  }

  /** The latest signing request for the version in force at this provider. */
  async function latestSigning(customerId: string) {
    const [signing] = await db
      .select()
      .from(agreementSignings)
      .where(
        and(
          eq(agreementSignings.customerId, customerId),
          eq(agreementSignings.agreementVersion, version),
          eq(agreementSignings.provider, provider.kind),
        ),
      )
      .orderBy(desc(agreementSignings.createdAt))
      .limit(1)
    return signing
  }

  async function statusOf(customerId: string): Promise<{
    version: string
    signed: boolean
    latest: { status: SigningStatus; updatedAt: string } | null
    records: SignedAgreementView[]
  }> {
    const [rows, latest] = await Promise.all([
      db
        .select({
          id: signedAgreements.id,
          version: signedAgreements.agreementVersion,
          signedAt: signedAgreements.signedAt,
          signerName: signedAgreements.signerName,
          fileName: signedAgreements.fileName,
          mediaType: signedAgreements.mediaType,
        })
        .from(signedAgreements)
        .where(eq(signedAgreements.customerId, customerId))
        .orderBy(desc(signedAgreements.signedAt)),
      latestSigning(customerId),
    ])
    const records = rows.map((row) => ({
      ...row,
      signedAt: row.signedAt.toISOString(),
      current: row.version === version,
    }))
    return {
      version,
      signed: records.some((record) => record.current),
      latest: latest ? { status: latest.status, updatedAt: latest.updatedAt.toISOString() } : null,
      records,
    }
  }

  /**
   * Starts (or resumes) the signature of the version in force and answers a fresh link to the provider's signing
   * page. An envelope still waiting for the same signer is reused; a declined one is followed by a new envelope.
   */
  async function startSigning(
    customerId: string,
    request: { orderReference?: string | undefined; signerName?: string | undefined; ip: string },
  ): Promise<{ signingUrl: string; version: string; sandbox: boolean }> {
    if (await hasSignedCurrent(customerId)) throw new AppError('step_done')
    const [customer] = await db
      .select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
      .from(customers)
      .where(eq(customers.id, customerId))
    if (!customer) throw new AppError('unauthorized', 401)
    const detailsName = [customer.firstName, customer.lastName].filter(Boolean).join(' ').trim()
    // The name in the customer's details is the one they sign with; only without it is a typed name taken.
    const signerName = detailsName || request.signerName
    if (!signerName)
      throw new AppError('validation_failed', 400, { fields: { signerName: 'Please enter your full name' } })
    if (request.orderReference) {
      const [order] = await db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.reference, request.orderReference), eq(orders.customerId, customerId)))
      // Another customer's order answers like one that does not exist.
      if (!order) throw new AppError('order_not_found')
    }

    // An envelope still waiting for this signer is resumed; otherwise (none, declined, another name) a new one.
    let [signing] = await db
      .select()
      .from(agreementSignings)
      .where(
        and(
          eq(agreementSignings.customerId, customerId),
          eq(agreementSignings.agreementVersion, version),
          eq(agreementSignings.provider, provider.kind),
          eq(agreementSignings.status, 'sent'),
          eq(agreementSignings.signerName, signerName),
        ),
      )
      .orderBy(desc(agreementSignings.createdAt))
      .limit(1)
    if (!signing) {
      const [created] = await db
        .insert(agreementSignings)
        .values({
          customerId,
          provider: provider.kind,
          agreementVersion: version,
          status: 'sent',
          signerName,
          orderReference: request.orderReference ?? null,
          requestIp: request.ip,
          createdAt: clock.now(),
          updatedAt: clock.now(),
        })
        .returning()
      signing = created!
    }
    if (!signing.envelopeId) {
      const signingId = signing.id
      const { envelopeId } = await callProvider(() =>
        provider.createEnvelope({
          signingId,
          email: customer.email,
          signerName,
          agreement: { version, title: agreement.title, text },
        }),
      )
      const kept = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(agreementSignings)
          .set({ envelopeId, updatedAt: clock.now() })
          .where(and(eq(agreementSignings.id, signingId), isNull(agreementSignings.envelopeId)))
          .returning()
        if (updated)
          await tx
            .insert(agreementEvents)
            .values({ signingId, type: 'envelope_created', detail: { envelopeId }, createdAt: clock.now() })
        return updated
      })
      // A parallel start stored its envelope first: that one is signed.
      if (kept) signing = kept
      else [signing] = await db.select().from(agreementSignings).where(eq(agreementSignings.id, signingId))
    }
    if (!signing) throw new Error('agreement signing vanished')
    const { id: signingId, envelopeId } = signing
    const signingUrl = await callProvider(() =>
      provider.signingUrl({
        envelopeId: envelopeId!,
        signingId,
        email: customer.email,
        signerName,
        returnPath: AGREEMENT_RETURN_PATH,
      }),
    )
    await db
      .insert(agreementEvents)
      .values({ signingId, type: 'link_issued', detail: { envelopeId, ip: request.ip }, createdAt: clock.now() })
    return { signingUrl, version, sandbox: provider.sandbox }
  }

  /**
   * Applies one verified provider notice. The notice's key is stored with its effect in one transaction, with the
   * signing row locked: a notice delivered twice, or two deliveries at once, record one signed agreement. A signed
   * envelope's document is read from the provider first; if that fails nothing is stored and the provider retries.
   */
  async function receiveNotice(notice: SigningNotice): Promise<{ outcome: AgreementNoticeOutcome }> {
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

  /** One of the customer's own signed agreements; another customer's answers exactly like one that does not exist. */
  async function readSigned(customerId: string, id: string) {
    const [row] = await db
      .select()
      .from(signedAgreements)
      .where(and(eq(signedAgreements.id, id), eq(signedAgreements.customerId, customerId)))
    if (!row) throw new AppError('not_found', 404)
    if (row.keyId !== keyId)
      throw new Error(`signed agreement ${row.id} was encrypted with key ${row.keyId}, not the configured one`)
    const bytes = decryptDocument(key, row, aadOf(row.id, row.customerId))
    return { fileName: row.fileName, mediaType: row.mediaType, bytes }
  }

  return { statusOf, hasSignedCurrent, startSigning, receiveNotice, readSigned, version }
}

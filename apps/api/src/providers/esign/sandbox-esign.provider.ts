import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { sandboxEsignEnvelopes } from '../../db/tables/providers/esign'
import { readSandboxNotice } from '../signed-notice'
import type { ESignatureProvider, SignedDocument, SigningNotice } from './esign.provider'

export const SANDBOX_ESIGN_SIGNATURE_HEADER = 'x-esign-signature'

export const SandboxEsignNotice = z.object({
  id: z.string().min(1),
  type: z.enum(['envelope.completed', 'envelope.declined']),
  createdAt: z.iso.datetime(),
  data: z.object({ envelopeId: z.string().min(1), signerIp: z.string().min(1).max(64).optional() }),
})
export type SandboxEsignNotice = z.infer<typeof SandboxEsignNotice>

export type SandboxEsignEnvelope = typeof sandboxEsignEnvelopes.$inferSelect

export interface SandboxEsignProvider extends ESignatureProvider {
  /** The sandbox's own side: its signing page reads its envelopes and records what the signer did. */
  findEnvelope(id: string): Promise<SandboxEsignEnvelope | undefined>
  /** Records the signature or the refusal once; answers false when the envelope was already completed or declined. */
  recordOutcome(
    id: string,
    outcome: { status: 'completed'; signedName: string; signerIp: string } | { status: 'declined'; signerIp: string },
  ): Promise<boolean>
}

/** The full name typed on the signing page matches the signer's name, whatever the case and spacing. */
export function sameName(typed: string, expected: string): boolean {
  const norm = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en')
  return norm(typed) === norm(expected)
}

/** The sandbox's signed record: a plain-text certificate of what was signed, by whom, when and from where. */
function sandboxSignedRecord(envelope: SandboxEsignEnvelope): string {
  const digest = createHash('sha256').update(envelope.documentText).digest('hex')
  return [
    'SIGNED RECORD: sandbox e-signature (test environment, not a qualified electronic signature)',
    '',
    `Envelope:           ${envelope.id}`,
    `Agreement version:  ${envelope.agreementVersion}`,
    `Signer:             ${envelope.signerName} <${envelope.email}>`,
    `Signed by typing:   ${envelope.signedName ?? ''}`,
    `Signed at (UTC):    ${envelope.completedAt?.toISOString() ?? ''}`,
    `Signer IP address:  ${envelope.signerIp ?? ''}`,
    `SHA-256 of text:    ${digest}`,
    '',
    '----- The agreement as signed -----',
    '',
    envelope.documentText,
  ].join('\n')
}

/**
 * Test environment of e-signature: envelopes live in the sandbox's own table, the signing page is served under
 * /sandbox/esign/, and the outcome reaches the api only as a signed notice, like DocuSign Connect's.
 */
export function createSandboxEsignProvider(deps: { db: Database; clock: Clock; key: Buffer }): SandboxEsignProvider {
  async function findEnvelope(id: string) {
    const [envelope] = await deps.db.select().from(sandboxEsignEnvelopes).where(eq(sandboxEsignEnvelopes.id, id))
    return envelope
  }
  return {
    kind: 'sandbox',
    sandbox: true,
    findEnvelope,
    async recordOutcome(id, outcome) {
      return deps.db.transaction(async (tx) => {
        const [envelope] = await tx
          .select()
          .from(sandboxEsignEnvelopes)
          .where(eq(sandboxEsignEnvelopes.id, id))
          .for('update')
        if (!envelope || envelope.status !== 'sent') return false
        await tx
          .update(sandboxEsignEnvelopes)
          .set({
            status: outcome.status,
            signedName: outcome.status === 'completed' ? outcome.signedName : null,
            signerIp: outcome.signerIp,
            completedAt: deps.clock.now(),
          })
          .where(eq(sandboxEsignEnvelopes.id, id))
        return true
      })
    },
    async createEnvelope(request) {
      const id = `sbx_envelope_${randomBytes(10).toString('hex')}`
      await deps.db.insert(sandboxEsignEnvelopes).values({
        id,
        clientUserId: request.signingId,
        email: request.email,
        signerName: request.signerName,
        agreementVersion: request.agreement.version,
        documentText: request.agreement.text,
        returnUrl: '',
        status: 'sent',
        createdAt: deps.clock.now(),
      })
      return { envelopeId: id }
    },
    async signingUrl(request) {
      // Like DocuSign's recipient view: only the envelope's own embedded signer gets a link.
      const envelope = await findEnvelope(request.envelopeId)
      if (!envelope || envelope.clientUserId !== request.signingId) throw new Error('sandbox envelope not found')
      await deps.db
        .update(sandboxEsignEnvelopes)
        .set({ returnUrl: request.returnPath })
        .where(eq(sandboxEsignEnvelopes.id, envelope.id))
      return `/sandbox/esign/sign?envelope=${envelope.id}`
    },
    async verifyNotification(incoming): Promise<SigningNotice | undefined> {
      const notice = readSandboxNotice(SandboxEsignNotice, deps.key, incoming, SANDBOX_ESIGN_SIGNATURE_HEADER)
      if (!notice) return undefined
      return {
        noticeKey: `sandbox:${notice.id}`,
        envelopeId: notice.data.envelopeId,
        outcome: notice.type === 'envelope.completed' ? 'signed' : 'declined',
        signerIp: notice.data.signerIp,
        occurredAt: new Date(notice.createdAt),
      }
    },
    async signedDocument(envelopeId): Promise<SignedDocument> {
      const envelope = await findEnvelope(envelopeId)
      if (!envelope || envelope.status !== 'completed') throw new Error('sandbox envelope is not completed')
      return {
        mediaType: 'text/plain',
        fileName: `agreement-${envelope.agreementVersion}-signed-record.txt`,
        bytes: Buffer.from(sandboxSignedRecord(envelope), 'utf8'),
      }
    },
  }
}

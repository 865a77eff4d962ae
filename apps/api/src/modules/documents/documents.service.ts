import { createHash, randomUUID } from 'node:crypto'
import { and, count, desc, eq } from 'drizzle-orm'
import type { DocumentMediaType, DocumentPurpose, StoredDocument } from '@exchange/shared/documents.schemas'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import { customers } from '../../db/tables/modules/customers'
import { documents } from '../../db/tables/modules/documents'
import { AppError } from '../../errors'
import { decryptDocument, keyIdOf, startSealing } from './document-cipher'
import { SIGNATURE_BYTES, mediaTypeOf, safeFileName } from './file-types'

export type DocumentService = ReturnType<typeof createDocumentService>

export interface DocumentServiceDeps {
  db: Database
  clock: Clock
  /** AES-256 key of the documents at rest. */
  key: Buffer
  maxPerCustomer: number
}

function view(
  row: Pick<typeof documents.$inferSelect, 'id' | 'purpose' | 'fileName' | 'mediaType' | 'sizeBytes' | 'createdAt'>,
): StoredDocument {
  return {
    id: row.id,
    purpose: row.purpose,
    fileName: row.fileName,
    mediaType: row.mediaType,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
  }
}

/** A file read, checked and sealed, not yet stored. */
export interface ReceivedDocument {
  id: string
  mediaType: DocumentMediaType
  sizeBytes: number
  sha256: string
  sealed: { iv: Buffer; authTag: Buffer; ciphertext: Buffer }
}

/** The AAD of a document: its id and owner, so a ciphertext copied onto another row or customer does not decrypt. */
const aadOf = (id: string, customerId: string) => `document:${id}:customer:${customerId}`

/**
 * Customers' files: checked by their bytes, encrypted with AES-256-GCM and kept in the database (so every api process
 * over one PostgreSQL reads them, and PGlite works alike). Owns `documents`; a customer reaches only their own.
 */
export function createDocumentService({ db, clock, key, maxPerCustomer }: DocumentServiceDeps) {
  const keyId = keyIdOf(key)

  /**
   * Reads a file as it arrives (decision 078): its kind from its first bytes, refused at once when it is none of ours;
   * its size against the limit; its hash and its encryption chunk by chunk. Only the sealed bytes are ever held whole,
   * never the plain file beside them.
   */
  async function receiveDocument(
    customerId: string,
    content: AsyncIterable<Buffer>,
    limits: { maxBytes: number; sentBytes: number | undefined },
  ): Promise<ReceivedDocument> {
    const { maxBytes, sentBytes } = limits
    const id = randomUUID()
    const sealing = startSealing(
      key,
      aadOf(id, customerId),
      sentBytes === undefined ? undefined : Math.min(sentBytes, maxBytes),
    )
    const hash = createHash('sha256')
    let head = Buffer.alloc(0)
    let mediaType: DocumentMediaType | undefined
    let sizeBytes = 0
    for await (const chunk of content) {
      sizeBytes += chunk.length
      if (sizeBytes > maxBytes) throw new AppError('file_too_large', 413)
      if (!mediaType) {
        head = Buffer.concat([head, chunk.subarray(0, SIGNATURE_BYTES)]).subarray(0, SIGNATURE_BYTES)
        mediaType = mediaTypeOf(head)
        if (!mediaType && head.length >= SIGNATURE_BYTES) throw new AppError('file_type_not_allowed', 415)
      }
      hash.update(chunk)
      sealing.update(chunk)
    }
    if (sizeBytes === 0) throw new AppError('file_missing', 400)
    if (!mediaType) throw new AppError('file_type_not_allowed', 415)
    return { id, mediaType, sizeBytes, sha256: hash.digest('hex'), sealed: sealing.final() }
  }

  async function storeDocument(
    customerId: string,
    upload: { purpose: DocumentPurpose; fileName: string | undefined; received: ReceivedDocument },
  ): Promise<StoredDocument> {
    const { id, mediaType, sizeBytes, sha256, sealed } = upload.received
    return db.transaction(async (tx) => {
      // The customer's row is locked while counting, so parallel uploads cannot pass the limit together.
      await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update')
      const [held] = await tx.select({ n: count() }).from(documents).where(eq(documents.customerId, customerId))
      if ((held?.n ?? 0) >= maxPerCustomer) throw new AppError('file_limit_reached')
      const [stored] = await tx
        .insert(documents)
        .values({
          id,
          customerId,
          purpose: upload.purpose,
          mediaType,
          fileName: safeFileName(upload.fileName, mediaType),
          sizeBytes,
          sha256,
          keyId,
          ...sealed,
          createdAt: clock.now(),
        })
        // Not the sealed file: read back, it would come as hex text twice its size, then as a third copy.
        .returning({
          id: documents.id,
          purpose: documents.purpose,
          fileName: documents.fileName,
          mediaType: documents.mediaType,
          sizeBytes: documents.sizeBytes,
          createdAt: documents.createdAt,
        })
      return view(stored!)
    })
  }

  async function listDocuments(customerId: string): Promise<StoredDocument[]> {
    const rows = await db
      .select({
        id: documents.id,
        purpose: documents.purpose,
        fileName: documents.fileName,
        mediaType: documents.mediaType,
        sizeBytes: documents.sizeBytes,
        createdAt: documents.createdAt,
      })
      .from(documents)
      .where(eq(documents.customerId, customerId))
      .orderBy(desc(documents.createdAt))
    return rows.map(view)
  }

  /** Another customer's file answers exactly like a file that does not exist. */
  async function readDocument(customerId: string, id: string) {
    const [row] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.id, id), eq(documents.customerId, customerId)))
    if (!row) throw new AppError('not_found', 404)
    if (row.keyId !== keyId)
      throw new Error(`document ${row.id} was encrypted with key ${row.keyId}, not the configured one`)
    const bytes = decryptDocument(key, row, aadOf(row.id, row.customerId))
    return { fileName: row.fileName, mediaType: row.mediaType, bytes }
  }

  /** Whose file this is (for the operator view, which checks the customer is under review before it reads one). */
  async function ownerOf(id: string): Promise<string | undefined> {
    const [row] = await db.select({ customerId: documents.customerId }).from(documents).where(eq(documents.id, id))
    return row?.customerId
  }

  return { receiveDocument, storeDocument, listDocuments, readDocument, ownerOf }
}

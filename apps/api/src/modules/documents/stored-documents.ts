import { and, count, desc, eq } from 'drizzle-orm'
import type { DocumentPurpose, StoredDocument } from '@exchange/shared/documents.schemas'
import { customers } from '../../db/tables/modules/customers'
import { documents } from '../../db/tables/modules/documents'
import { AppError } from '../../errors'
import { decryptDocument } from './document-cipher'
import type { DocumentParts } from './document-deps'
import { safeFileName } from './file-types'
import { type ReceivedDocument, aadOf } from './receive-document'

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

/** A document's description, what the customer sees of it: never the sealed file. */
const DESCRIPTION = {
  id: documents.id,
  purpose: documents.purpose,
  fileName: documents.fileName,
  mediaType: documents.mediaType,
  sizeBytes: documents.sizeBytes,
  createdAt: documents.createdAt,
}

export async function storeDocument(
  { db, clock, maxPerCustomer, keyId }: DocumentParts,
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
      .returning(DESCRIPTION)
    return view(stored!)
  })
}

export async function listDocuments({ db }: Pick<DocumentParts, 'db'>, customerId: string): Promise<StoredDocument[]> {
  const rows = await db
    .select(DESCRIPTION)
    .from(documents)
    .where(eq(documents.customerId, customerId))
    .orderBy(desc(documents.createdAt))
  return rows.map(view)
}

/** Another customer's file answers exactly like a file that does not exist. */
export async function readDocument(
  { db, key, keyId }: Pick<DocumentParts, 'db' | 'key' | 'keyId'>,
  customerId: string,
  id: string,
) {
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
export async function ownerOf({ db }: Pick<DocumentParts, 'db'>, id: string): Promise<string | undefined> {
  const [row] = await db.select({ customerId: documents.customerId }).from(documents).where(eq(documents.id, id))
  return row?.customerId
}

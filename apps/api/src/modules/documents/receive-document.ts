import { createHash, randomUUID } from 'node:crypto'
import type { DocumentMediaType } from '@exchange/shared/documents.schemas'
import { AppError } from '../../errors'
import { startSealing } from './document-cipher'
import type { DocumentParts } from './document-deps'
import { SIGNATURE_BYTES, mediaTypeOf } from './file-types'

/** A file read, checked and sealed, not yet stored. */
export interface ReceivedDocument {
  id: string
  mediaType: DocumentMediaType
  sizeBytes: number
  sha256: string
  sealed: { iv: Buffer; authTag: Buffer; ciphertext: Buffer }
}

/** The AAD of a document: its id and owner, so a ciphertext copied onto another row or customer does not decrypt. */
export const aadOf = (id: string, customerId: string) => `document:${id}:customer:${customerId}`

/**
 * Reads a file as it arrives (decision 078): its kind from its first bytes, refused at once when it is none of ours;
 * its size against the limit; its hash and its encryption chunk by chunk. Only the sealed bytes are ever held whole,
 * never the plain file beside them.
 */
export async function receiveDocument(
  { key }: Pick<DocumentParts, 'key'>,
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

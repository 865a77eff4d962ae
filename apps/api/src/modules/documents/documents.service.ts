import { keyIdOf } from './document-cipher'
import type { DocumentServiceDeps } from './document-deps'
import { receiveDocument } from './receive-document'
import { listDocuments, ownerOf, readDocument, storeDocument } from './stored-documents'

export type { DocumentServiceDeps }
export type { ReceivedDocument } from './receive-document'

export type DocumentService = ReturnType<typeof createDocumentService>

/**
 * Customers' files: checked by their bytes, encrypted with AES-256-GCM and kept in the database (so every api process
 * over one PostgreSQL reads them, and PGlite works alike). Owns `documents`; a customer reaches only their own.
 */
export function createDocumentService(deps: DocumentServiceDeps) {
  const parts = { ...deps, keyId: keyIdOf(deps.key) }
  return {
    receiveDocument: receiveDocument.bind(null, parts),
    storeDocument: storeDocument.bind(null, parts),
    listDocuments: listDocuments.bind(null, parts),
    readDocument: readDocument.bind(null, parts),
    ownerOf: ownerOf.bind(null, parts),
  }
}

import type { Core, ModuleParts } from '../module-kit'
import { createDocumentReviews } from './document-reviews'
import { documentRoutes } from './documents.routes'
import { createDocumentService } from './documents.service'
import { UPLOADS_WAITING, createUploadSlots } from './upload-slots'

/** The customer's documents, kept encrypted, uploaded a few at a time, and the operators' reviews of them. */
export function documentsModule({ config, db, clock, secrets, brand }: Core) {
  const settings = config.documents
  const documents = createDocumentService({
    db,
    clock,
    key: secrets.documentsKey,
    maxPerCustomer: settings.maxPerCustomer,
  })
  const documentReviews = createDocumentReviews({ db, clock })
  const uploads = createUploadSlots({
    perCustomer: settings.uploadsPerCustomer,
    total: settings.uploadsAtOnce,
    maxWaiting: UPLOADS_WAITING,
    maxWaitMs: settings.uploadWaitSeconds * 1000,
  })
  const routes = documentRoutes({ documents, uploads, maxBytes: settings.maxBytes, brandName: brand.brandName })
  const parts: ModuleParts = { routes: [{ scope: 'user', routes }] }
  return { documents, documentReviews, parts }
}

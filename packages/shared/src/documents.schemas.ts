import { z } from 'zod'
import { answerOf, successAnswer } from './answer'
import { BrandName } from './validators'

export const DOCUMENT_PURPOSES = [
  'identity_document',
  'proof_of_address',
  'source_of_funds',
  'support_attachment',
] as const
export const DocumentPurpose = z.enum(DOCUMENT_PURPOSES)
export type DocumentPurpose = z.infer<typeof DocumentPurpose>

/** The only kinds of file accepted, each recognised by its first bytes. */
export const DOCUMENT_MEDIA_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const
export const DocumentMediaType = z.enum(DOCUMENT_MEDIA_TYPES)
export type DocumentMediaType = z.infer<typeof DocumentMediaType>

/** Default largest file, in bytes (DOCUMENTS_MAX_BYTES overrides it). */
export const DEFAULT_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024
/** Default number of files one customer may keep (DOCUMENTS_MAX_PER_CUSTOMER overrides it). */
export const DEFAULT_DOCUMENTS_PER_CUSTOMER = 30

export const StoredDocument = z.object({
  id: z.uuid(),
  purpose: DocumentPurpose,
  fileName: z.string(),
  mediaType: DocumentMediaType,
  sizeBytes: z.number().int().nonnegative(),
  createdAt: z.string(),
})
export type StoredDocument = z.infer<typeof StoredDocument>

/** Multipart fields of `POST /v1/user/uploadFile` besides the file itself. */
export const UploadFileFields = z.object({
  purpose: DocumentPurpose,
  brandName: BrandName.optional(),
})

export const UploadFileAnswer = answerOf(successAnswer({ data: StoredDocument }))
export type UploadFileAnswer = z.infer<typeof UploadFileAnswer>

export const ListFilesRequest = z.object({ brandName: BrandName })
export const ListFilesAnswer = answerOf(successAnswer({ data: z.array(StoredDocument) }))
export type ListFilesAnswer = z.infer<typeof ListFilesAnswer>

export const DownloadFileQuery = z.object({ id: z.uuid() })

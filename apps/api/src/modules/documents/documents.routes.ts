import multipart, { type Multipart } from '@fastify/multipart'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { FailureAnswer } from '@exchange/shared/answer'
import {
  DownloadFileQuery,
  ListFilesAnswer,
  ListFilesRequest,
  UploadFileAnswer,
  UploadFileFields,
} from '@exchange/shared/documents.schemas'
import { AppError } from '../../errors'
import { sessionOf } from '../../plugins/session'
import type { ZodApp } from '../../plugins/zod-app'
import type { DocumentService, ReceivedDocument } from './documents.service'
import type { UploadSlots } from './upload-slots'

const user = { tags: ['documents'], security: [{ bearer: [] }] }

/** The multipart errors that are the sender's doing, by the code @fastify/multipart gives them. */
const UPLOAD_REFUSALS: Record<string, AppError> = {
  FST_REQ_FILE_TOO_LARGE: new AppError('file_too_large', 413),
  FST_FILES_LIMIT: new AppError('validation_failed', 400),
  FST_PARTS_LIMIT: new AppError('validation_failed', 400),
  FST_FIELDS_LIMIT: new AppError('validation_failed', 400),
  FST_PROTO_VIOLATION: new AppError('validation_failed', 400),
  FST_INVALID_MULTIPART_CONTENT_TYPE: new AppError('unsupported_media_type', 415),
}

/**
 * The fields and the one file of an upload form. The file is handed to `receive` as it arrives; a file under another
 * name than "file", a second file or a field given twice is refused. Whatever fails while the body is read is the
 * body's doing (broken framing, a part past a limit, a client gone): a 4xx, never a 500.
 */
async function readUpload(
  parts: AsyncIterable<Multipart>,
  receive: (content: AsyncIterable<Buffer>) => Promise<ReceivedDocument>,
) {
  const fields: Record<string, string> = {}
  let file: { name: string; received: ReceivedDocument } | undefined
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) throw new AppError('validation_failed', 400)
        file = { name: part.filename, received: await receive(part.file) }
      } else {
        if (typeof part.value !== 'string' || Object.hasOwn(fields, part.fieldname))
          throw new AppError('validation_failed', 400)
        fields[part.fieldname] = part.value
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw UPLOAD_REFUSALS[(error as { code?: string }).code ?? ''] ?? new AppError('validation_failed', 400)
  }
  return { fields, file }
}

/**
 * `POST /v1/user/uploadFile` (spec section 7: multipart form data, Bearer token), `listFiles` and
 * `GET /v1/user/downloadFile?id=`. The session hook of the user scope runs before the body is read, so a call without
 * a token stores nothing.
 */
/** `Content-Disposition` of a download: never shown inline, the stored name in ASCII and in UTF-8. */
export function attachment(fileName: string) {
  return `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/** What the document calls need: the service, the upload turns, the largest file and the brand's name. */
interface DocumentCalls {
  documents: DocumentService
  uploads: UploadSlots
  maxBytes: number
  brandName: string
}

export function documentRoutes(calls: DocumentCalls): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, {
      limits: { fileSize: calls.maxBytes, files: 1, fields: 5, fieldSize: 200, parts: 6 },
    })
    registerUpload(app, calls)
    registerListAndDownload(app, calls)
  }
}

/** `uploadFile`: the fields and the one file of a multipart form, stored sealed. */
function registerUpload(app: ZodApp, { documents, uploads, maxBytes, brandName }: DocumentCalls) {
  app.post(
    '/uploadFile',
    {
      schema: {
        ...user,
        summary: 'Send a document (JPEG, PNG or PDF): multipart fields "purpose", "brandName" and one "file"',
        consumes: ['multipart/form-data'],
        response: {
          200: UploadFileAnswer,
          400: FailureAnswer,
          401: FailureAnswer,
          413: FailureAnswer,
          415: FailureAnswer,
          429: FailureAnswer,
          503: FailureAnswer,
        },
      },
    },
    async (request) => {
      const customerId = sessionOf(request).customerId
      // The turn is taken before the body is read: an upload that waits holds its bytes in the socket, not here.
      const release = await uploads.acquire(customerId)
      try {
        // The request's length bounds the file's: the sealed file is written into one buffer of that size.
        const length = Number(request.headers['content-length'])
        const sentBytes = Number.isSafeInteger(length) && length > 0 ? length : undefined
        const { fields, file } = await readUpload(request.parts(), (content) =>
          documents.receiveDocument(customerId, content, { maxBytes, sentBytes }),
        )
        if (fields.brandName !== undefined && fields.brandName.trim() !== brandName)
          throw new AppError('unknown_brand', 400)
        const parsed = UploadFileFields.safeParse(fields)
        if (!parsed.success) throw new AppError('validation_failed', 400)
        if (!file) throw new AppError('file_missing', 400)
        return {
          result: true as const,
          data: await documents.storeDocument(customerId, {
            purpose: parsed.data.purpose,
            fileName: file.name,
            received: file.received,
          }),
        }
      } finally {
        release()
      }
    },
  )
}

/** `listFiles` and `downloadFile`: the customer's own documents. */
function registerListAndDownload(app: ZodApp, { documents }: DocumentCalls) {
  app.post(
    '/listFiles',
    {
      schema: {
        ...user,
        summary: 'The documents this customer has sent, newest first',
        body: ListFilesRequest,
        response: { 200: ListFilesAnswer, 400: FailureAnswer, 401: FailureAnswer },
      },
    },
    async (request) => ({
      result: true as const,
      data: await documents.listDocuments(sessionOf(request).customerId),
    }),
  )

  app.get(
    '/downloadFile',
    {
      schema: {
        ...user,
        summary: "One of the customer's own documents, as sent (another customer's answers 404 like a missing one)",
        // The answer is the file's bytes; refusals are the usual { result: false, error }.
        querystring: DownloadFileQuery,
      },
    },
    async (request, reply) => {
      const file = await documents.readDocument(sessionOf(request).customerId, request.query.id)
      return reply
        .header('content-type', file.mediaType)
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.bytes)
    },
  )
}

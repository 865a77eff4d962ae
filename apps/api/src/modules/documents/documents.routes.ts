import multipart from '@fastify/multipart'
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
import type { DocumentService } from './documents.service'

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
 * `POST /v1/user/uploadFile` (spec section 7: multipart form data, Bearer token), `listFiles` and
 * `GET /v1/user/downloadFile?id=`. The session hook of the user scope runs before the body is read, so a call without
 * a token stores nothing.
 */
/** `Content-Disposition` of a download: never shown inline, the stored name in ASCII and in UTF-8. */
export function attachment(fileName: string) {
  return `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

export function documentRoutes({
  documents,
  maxBytes,
  brandName,
}: {
  documents: DocumentService
  maxBytes: number
  brandName: string
}): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 200, parts: 6 } })

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
          },
        },
      },
      async (request) => {
        const fields: Record<string, string> = {}
        let file: { name: string; bytes: Buffer } | undefined
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') file = { name: part.filename, bytes: await part.toBuffer() }
            else if (typeof part.value === 'string') fields[part.fieldname] = part.value
          }
        } catch (error) {
          const refusal = UPLOAD_REFUSALS[(error as { code?: string }).code ?? '']
          throw refusal ?? error
        }
        if (fields.brandName !== undefined && fields.brandName.trim() !== brandName)
          throw new AppError('unknown_brand', 400)
        const parsed = UploadFileFields.safeParse(fields)
        if (!parsed.success) throw new AppError('validation_failed', 400)
        if (!file) throw new AppError('file_missing', 400)
        return {
          result: true as const,
          data: await documents.storeDocument(sessionOf(request).customerId, {
            purpose: parsed.data.purpose,
            fileName: file.name,
            bytes: file.bytes,
          }),
        }
      },
    )

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
}

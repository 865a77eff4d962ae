import { z } from 'zod'
import { DEFAULT_DOCUMENT_MAX_BYTES, DEFAULT_DOCUMENTS_PER_CUSTOMER } from '@exchange/shared/documents.schemas'
import { type SettingsContext, refuse } from './values/env-values'

/** The customers' documents: their key at rest, their sizes, how many are read at once (decisions 030, 078). */
export const DocumentsEnv = z.object({
  DOCUMENTS_ENCRYPTION_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'expected 32 bytes in base64')
    .optional()
    .describe(
      "Key of the customers' documents at rest: 32 bytes in base64. Required with DATABASE_URL; generated into DATA_DIR when unset (embedded mode).",
    ),
  DOCUMENTS_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(DEFAULT_DOCUMENT_MAX_BYTES)
    .describe('Largest document a customer may upload, in bytes.'),
  DOCUMENTS_MAX_PER_CUSTOMER: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(DEFAULT_DOCUMENTS_PER_CUSTOMER)
    .describe('Documents one customer may keep.'),
  DOCUMENTS_UPLOADS_AT_ONCE: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(2)
    .describe('Uploads read at once by one process: what bounds the memory uploads take (decision 078).'),
  DOCUMENTS_UPLOADS_PER_CUSTOMER: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(2)
    .describe('Uploads of one customer read at once (decision 078).'),
  DOCUMENTS_UPLOAD_WAIT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(60)
    .describe('Longest an upload waits for its turn before it is answered "busy".'),
})

export function readDocuments(
  env: z.output<typeof DocumentsEnv> & { DATABASE_URL?: string | undefined },
  ctx: SettingsContext,
) {
  if (env.DATABASE_URL && !env.DOCUMENTS_ENCRYPTION_KEY)
    refuse(
      ctx,
      'required when DATABASE_URL is set (every api process must read the same documents)',
      'DOCUMENTS_ENCRYPTION_KEY',
    )
  return {
    documents: {
      encryptionKey: env.DOCUMENTS_ENCRYPTION_KEY,
      maxBytes: env.DOCUMENTS_MAX_BYTES,
      maxPerCustomer: env.DOCUMENTS_MAX_PER_CUSTOMER,
      uploadsAtOnce: env.DOCUMENTS_UPLOADS_AT_ONCE,
      uploadsPerCustomer: env.DOCUMENTS_UPLOADS_PER_CUSTOMER,
      uploadWaitSeconds: env.DOCUMENTS_UPLOAD_WAIT_SECONDS,
    },
  }
}

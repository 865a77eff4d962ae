import type { FastifyInstance } from 'fastify'
import { randomBytes } from 'node:crypto'
import { ADA_DETAILS, COMPANY, SOURCE_OF_FUNDS } from './customer-fixtures'

export const BRAND = 'Helvex'
export { ADA_DETAILS, COMPANY, SOURCE_OF_FUNDS }

export function uniqueEmail(label = 'customer'): string {
  return `${label}.${randomBytes(5).toString('hex')}@example.com`
}

export async function callPublic(
  app: FastifyInstance,
  name: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: `/v1/public/${name}`,
    payload: { brandName: BRAND, ...payload },
    headers,
  })
  // The codes a call leaves to a job are made now, as a worker makes them right after the answer; their mail is
  // delivered when a test reads the outbox.
  await app.jobs.issueCodes()
  return { status: response.statusCode, body: response.json(), headers: response.headers, cookies: response.cookies }
}

export async function callUser(
  app: FastifyInstance,
  name: string,
  token: string | undefined,
  payload: Record<string, unknown> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: `/v1/user/${name}`,
    payload: { brandName: BRAND, ...payload },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  return { status: response.statusCode, body: response.json() }
}

/** Fails when a call did not succeed, with its answer in the message. */
export function succeeded(name: string, answer: { body: { result?: unknown } }) {
  if (answer.body.result !== true) throw new Error(`${name} refused: ${JSON.stringify(answer.body)}`)
  return answer.body as { result: true; data?: Record<string, unknown> }
}

/** A multipart body as a browser's FormData sends it. */
export function multipart(parts: { name: string; value: string | Buffer; fileName?: string; type?: string }[]) {
  const boundary = `----form${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.fileName ? `; filename="${part.fileName}"` : ''}`
    const type = part.fileName ? `\r\ncontent-type: ${part.type ?? 'application/octet-stream'}` : ''
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: ${disposition}${type}\r\n\r\n`))
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value)
    chunks.push(Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

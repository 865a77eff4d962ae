import { createHmac, timingSafeEqual } from 'node:crypto'
import type { z } from 'zod'

/** A notice as it reached a webhook route: what a provider needs to check its signature. */
export interface IncomingNotice {
  rawBody: string
  /** Request headers, names in lower case. */
  headers: Record<string, string>
  /** The path the notice was posted to, e.g. /v1/webhooks/psp. */
  path: string
  nowSeconds: number
}

const TOLERANCE_SECONDS = 300

function mac(key: Buffer, timestamp: number, body: string): string {
  return createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')
}

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`: how the sandbox parties sign their notices (the scheme
 * Stripe and most PSPs use), so the api checks them the way it checks a real provider's.
 */
export function signNotice(key: Buffer, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${mac(key, timestamp, body)}`
}

/** Checks the signature over the raw body and refuses notices older or newer than five minutes (replays). */
export function verifyNoticeSignature(
  key: Buffer,
  body: string,
  header: string | undefined,
  nowSeconds: number,
): boolean {
  if (!header) return false
  const parts = Object.fromEntries(header.split(',').map((part) => part.trim().split('=') as [string, string]))
  const timestamp = Number(parts.t)
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > TOLERANCE_SECONDS || !parts.v1) return false
  const expected = Buffer.from(mac(key, timestamp, body), 'hex')
  const given = Buffer.from(parts.v1, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * A sandbox party's notice, read the way the exchange reads a real party's: the signature over the raw body first
 * (`verifyNoticeSignature`, in the party's own header), then the body by the party's schema. Answers undefined for a
 * notice that is not genuine or not of that shape, which the webhook route refuses.
 */
export function readSandboxNotice<T>(
  schema: z.ZodType<T>,
  key: Buffer,
  { rawBody, headers, nowSeconds }: IncomingNotice,
  signatureHeader: string,
): T | undefined {
  if (!verifyNoticeSignature(key, rawBody, headers[signatureHeader], nowSeconds)) return undefined
  let json: unknown
  try {
    json = JSON.parse(rawBody)
  } catch {
    return undefined
  }
  const parsed = schema.safeParse(json)
  return parsed.success ? parsed.data : undefined
}

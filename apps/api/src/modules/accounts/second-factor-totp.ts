import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import type { Database } from '../../db/client'

/*
 * The authenticator app as a second factor, for whoever signs in with one (decisions 124, 127): the customers
 * (totp_factors) and the operators (operator_totp_factors). The secret, its sealing, the QR code, which codes are
 * right and the rule that a code's step is taken once live here, once; each kind of principal keeps its own rows.
 */

/** The authenticator app's codes: RFC 6238's defaults, which every app reads from the QR code. */
const TOTP_PERIOD_SECONDS = 30
const TOTP_DIGITS = 6
/** One step either side of the server's clock is accepted, for a phone's clock a little off. */
const TOTP_WINDOW = 1

function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')
}

export function unsealSecret(key: Buffer, value: string): string {
  const [iv, tag, sealed] = value.split('.').map((part) => Buffer.from(part, 'base64url'))
  const decipher = createDecipheriv('aes-256-gcm', key, iv!)
  decipher.setAuthTag(tag!)
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8')
}

/** A new TOTP secret: 20 random bytes (RFC 4226's length), base32 as the apps take it. */
function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

export function totpOf(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  })
}

/** A new authenticator app: its secret in text, sealed for storing, as an `otpauth://` link and that link's QR code. */
export interface TotpEnrolment {
  secret: string
  sealedSecret: string
  otpauthUrl: string
  /** An SVG data URL, made on the server so that no page ships a QR library. */
  qrCode: string
}

export function newTotpEnrolment(key: Buffer, issuer: string, label: string): Promise<TotpEnrolment> {
  return totpEnrolmentOf(key, sealSecret(key, newTotpSecret()), issuer, label)
}

/** The enrolment of a secret already stored (sealed), shown again while it waits for its first code. */
export async function totpEnrolmentOf(
  key: Buffer,
  sealedSecret: string,
  issuer: string,
  label: string,
): Promise<TotpEnrolment> {
  const secret = unsealSecret(key, sealedSecret)
  const otpauthUrl = totpOf(secret, issuer, label).toString()
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return {
    secret,
    sealedSecret,
    otpauthUrl,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  }
}

/** The step of a right code at `now`, or undefined: the code of this step or of one either side. */
export function totpStep(secret: string, code: string, now: Date): number | undefined {
  const delta = totpOf(secret, '', '').validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW })
  if (delta === null) return undefined
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta
}

/** Where a kind of principal keeps its authenticator apps: the table, its principal's column and `last_used_step`. */
export interface TotpRows {
  table: PgTable
  owner: PgColumn
  lastUsedStep: PgColumn
}

/**
 * Takes the step of a right code, once: one conditional update moves `lastUsedStep` forward, so the same code again,
 * or an earlier one, or the same code sent twice at once (the second update waits for the first's row lock and then
 * finds the step taken) is refused.
 */
export async function takeTotpStep(tx: Database, rows: TotpRows, ownerId: string, step: number): Promise<boolean> {
  const taken = await tx
    .update(rows.table)
    .set({ lastUsedStep: step } as never)
    .where(and(eq(rows.owner, ownerId), or(isNull(rows.lastUsedStep), lt(rows.lastUsedStep, step))))
    .returning({ owner: rows.owner })
  return taken.length === 1
}

import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import {
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_COOLDOWN_SECONDS,
  CODE_TTL_MINUTES,
} from '@exchange/shared/constants'
import type { CodePurpose } from '../../db/tables/modules/accounts'

/** A code of five digits from the operating system's CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0')
}

/** The hash binds the code to one e-mail and one purpose, so a reset code can never verify a login. */
export function hashCode(key: Buffer, email: string, purpose: CodePurpose, code: string): string {
  return createHmac('sha256', key).update(`${purpose}\u0000${email}\u0000${code}`).digest('hex')
}

export function codeMatches(
  key: Buffer,
  email: string,
  purpose: CodePurpose,
  code: string,
  storedHash: string,
): boolean {
  const given = Buffer.from(hashCode(key, email, purpose, code), 'hex')
  const stored = Buffer.from(storedHash, 'hex')
  return given.length === stored.length && timingSafeEqual(given, stored)
}

export function codeExpiry(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + CODE_TTL_MINUTES * 60_000)
}

export function isCodeExpired(code: { expiresAt: Date }, now: Date): boolean {
  return now.getTime() >= code.expiresAt.getTime()
}

/** After the fifth wrong try the code is void, even if the next try is right. */
export function isCodeExhausted(code: { attempts: number }): boolean {
  return code.attempts >= CODE_MAX_ATTEMPTS
}

/** Seconds until another code may be sent, 0 when it may be sent now. */
export function resendWaitSeconds(lastIssuedAt: Date | undefined, now: Date): number {
  if (!lastIssuedAt) return 0
  const elapsedMs = now.getTime() - lastIssuedAt.getTime()
  return Math.max(0, Math.ceil((CODE_RESEND_COOLDOWN_SECONDS * 1000 - elapsedMs) / 1000))
}

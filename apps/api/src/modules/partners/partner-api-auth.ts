import type { FastifyRequest } from 'fastify'
import { AppError } from '../../errors'
import type { FailureCounter } from '../../plugins/rate-limits'
import type { Partner } from './partner-records'
import type { PartnerService } from './partners.service'

declare module 'fastify' {
  interface FastifyRequest {
    /** The partner whose key the call carries, and that key's public id (the partner api only). */
    partnerCaller?: { partner: Partner; keyId: string }
  }
}

/** Refused keys an address may present in a minute before it is made to wait: a scan, or a server misconfigured. */
export const PARTNER_KEY_FAILURES_PER_MINUTE = 30

/** The public id of a presented key, for the log: never its secret, and only when it looks like an id. */
function keyIdOf(presented: string | undefined): string | undefined {
  return /^hvxp_([0-9a-f]{12})_/.exec(presented ?? '')?.[1]
}

/**
 * onRequest of every partner api call, before its body is read: `Authorization: Bearer hvxp_<keyId>_<secret>`,
 * checked by the registry from the caller's address. Any refusal answers the same 401; the log says why.
 */
export function createRequirePartnerKey(verifyApiKey: PartnerService['verifyApiKey'], failures: FailureCounter) {
  return async function requirePartnerKey(request: FastifyRequest) {
    const wait = await failures.waitFor(request.ip)
    if (wait > 0) throw new AppError('rate_limited', 429, { retryAfterSeconds: wait })
    const presented = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1]
    const check = presented ? await verifyApiKey(presented, request.ip) : ({ ok: false, refusal: 'no_key' } as const)
    if (!check.ok) {
      await failures.fail(request.ip)
      request.log.warn({ refusal: check.refusal, keyId: keyIdOf(presented) }, 'partner api key refused')
      throw new AppError('unauthorized', 401)
    }
    request.partnerCaller = { partner: check.partner, keyId: check.keyId }
  }
}

export function partnerCallerOf(request: FastifyRequest): { partner: Partner; keyId: string } {
  if (!request.partnerCaller) throw new Error('route is missing the requirePartnerKey hook')
  return request.partnerCaller
}

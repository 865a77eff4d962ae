import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FailureCounter } from './rate-limits'

declare module 'fastify' {
  interface FastifyRequest {
    operator?: string
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Failed operator logins allowed per client address, and per operator name, in 15 minutes (decision 023). */
export const OPERATOR_FAILURES_PER_ADDRESS = 10
export const OPERATOR_FAILURES_PER_NAME = 20
export const OPERATOR_FAILURE_WINDOW_SECONDS = 15 * 60

export interface OperatorFailureCounters {
  byAddress: FailureCounter
  byName: FailureCounter
}

function credentialsOf(header: string | undefined): { name: string; given: Buffer } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? '')
  if (!match) return undefined
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return { name: colon < 0 ? decoded : decoded.slice(0, colon), given: digest(decoded) }
}

/**
 * HTTP Basic with the operator credentials from config. A customer's Bearer token is not an operator credential
 * and is refused like any other. Failed logins are counted per client address and per operator name; past the
 * limit the answer is 429 with Retry-After, before any password is compared. Each failure is logged with the name
 * and address, never the password.
 */
export function createOperatorAuth(operators: { name: string; password: string }[], failures: OperatorFailureCounters) {
  const known = operators.map((operator) => ({
    name: operator.name,
    hash: digest(`${operator.name}:${operator.password}`),
  }))
  return async function requireOperator(request: FastifyRequest, reply: FastifyReply) {
    const credentials = credentialsOf(request.headers.authorization)
    const name = credentials?.name.slice(0, 64)
    const wait = Math.max(
      await failures.byAddress.waitFor(request.ip),
      name === undefined ? 0 : await failures.byName.waitFor(name),
    )
    if (wait > 0) {
      request.log.warn({ operator: name, ip: request.ip }, 'operator login refused: too many failed logins')
      return reply
        .code(429)
        .header('retry-after', String(wait))
        .send({ result: false, error: 'rate_limited', retryAfterSeconds: wait })
    }
    const operator = credentials
      ? known.find((candidate) => timingSafeEqual(candidate.hash, credentials.given))
      : undefined
    if (!operator) {
      // A browser asks without credentials first to get the challenge: that is not a failed login.
      if (credentials) {
        await failures.byAddress.fail(request.ip)
        await failures.byName.fail(name ?? '')
        request.log.warn({ operator: name, ip: request.ip }, 'operator login failed')
      }
      return reply
        .code(401)
        .header('www-authenticate', 'Basic realm="operator", charset="UTF-8"')
        .send({ result: false, error: 'unauthorized' })
    }
    request.operator = operator.name
  }
}

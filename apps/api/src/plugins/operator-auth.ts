import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

declare module 'fastify' {
  interface FastifyRequest {
    operator?: string
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/**
 * HTTP Basic with the operator credentials from config. A customer's Bearer token is not an operator credential
 * and is refused like any other.
 */
export function createOperatorAuth(operators: { name: string; password: string }[]) {
  const known = operators.map((operator) => ({
    name: operator.name,
    hash: digest(`${operator.name}:${operator.password}`),
  }))
  return async function requireOperator(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization ?? ''
    const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header)
    const given = match ? digest(Buffer.from(match[1]!, 'base64').toString('utf8')) : undefined
    const operator = given ? known.find((candidate) => timingSafeEqual(candidate.hash, given)) : undefined
    if (!operator) {
      return reply
        .code(401)
        .header('www-authenticate', 'Basic realm="operator", charset="UTF-8"')
        .send({ result: false, error: 'unauthorized' })
    }
    request.operator = operator.name
  }
}

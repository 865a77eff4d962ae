import type { FastifyRequest } from 'fastify'
import type { SessionContext, SessionService } from '../modules/sessions/sessions.service'

declare module 'fastify' {
  interface FastifyRequest {
    session?: SessionContext
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  return match?.[1]
}

/** preHandler of every user call: a missing, tampered, expired or revoked token answers 401. */
export function createRequireSession(sessions: SessionService) {
  return async function requireSession(request: FastifyRequest) {
    request.session = await sessions.requireSession(bearerToken(request))
  }
}

export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw new Error('route is missing the requireSession preHandler')
  return request.session
}

import type { FastifyRequest } from 'fastify'
import type { Visitor } from '../providers/geoip/visitor-country'

/** The caller as the geo-IP lookup sees it: the address (after TRUST_PROXY_HOPS) and the headers (a trusted edge's). */
export function visitorOf(request: FastifyRequest): Visitor {
  return { ip: request.ip, headers: request.headers }
}

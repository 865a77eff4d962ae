import type { FastifyRequest } from 'fastify'

/** `host[:port]` without the scheme's default port, so that an Origin and a Host header compare. */
function hostOf(value: string, scheme = 'http'): string | undefined {
  try {
    return new URL(`${scheme}://${value}`).host
  } catch {
    return undefined
  }
}

/**
 * True for a request the browser made from one of this host's pages (Fetch Metadata, else Origin), and for a non-browser
 * client's JSON (a browser cannot send JSON to another site without a CORS permission this api never gives).
 */
export function sentFromOwnPage(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site']
  if (typeof site === 'string') return site === 'same-origin' || site === 'none'
  const origin = request.headers.origin
  if (typeof origin === 'string') {
    const match = /^(https?):\/\/(.+)$/.exec(origin)
    const host = request.headers.host
    return Boolean(match && host && hostOf(match[2]!, match[1]) === hostOf(host, match[1]))
  }
  return (request.headers['content-type'] ?? '').startsWith('application/json')
}

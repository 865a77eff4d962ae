import { lookup } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import { BlockList, type LookupFunction, isIP } from 'node:net'

/** What a try got: the answer's status, or why there was none (never the address, which may hold a token). */
export type TryOutcome = { statusCode: number; error?: undefined } | { statusCode?: undefined; error: string }

/** Of an answer only this much is read, then the connection is closed: the status is all a try keeps. */
const ANSWER_READ_LIMIT = 4096

/**
 * Addresses a notice is never sent to in production (decision 115): loopback, private networks, link-local (the cloud
 * metadata address), carrier-grade NAT, unspecified, multicast and reserved ones, in IPv4 and IPv6.
 */
const PRIVATE = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6')

/** True for an address a production notice may not go to. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return PRIVATE.check(address, 'ipv4')
  if (family !== 6) return true
  // An IPv4 address mapped into IPv6 is judged as the IPv4 address (the hexadecimal spelling is refused outright).
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4')
  return /^::ffff:/i.test(address) || PRIVATE.check(address, 'ipv6')
}

class RefusedAddress extends Error {
  readonly code = 'EREFUSEDADDRESS'
  constructor() {
    super('refused: the address is private or loopback')
  }
}

/**
 * Resolves the host as the connection will, and refuses a private address: the check and the connection use the same
 * answer, so a name that resolves elsewhere the second time (DNS rebinding) cannot slip through.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4)
    if (addresses.length === 0 || addresses.some((entry) => isPrivateAddress(entry.address)))
      return callback(new RefusedAddress(), '', 4)
    if (options.all) return (callback as unknown as (e: null, all: typeof addresses) => void)(null, addresses)
    return callback(null, addresses[0]!.address, addresses[0]!.family)
  })
}

/** Why a try got no answer, in words that name no address and no secret. */
function reasonOf(error: unknown, signal: AbortSignal): string {
  if (signal.aborted) return 'timed out'
  if (error instanceof RefusedAddress) return error.message
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? `no answer: ${code}` : 'no answer'
}

/**
 * POSTs a signed notice; follows no redirect (a 3xx is a failed try). In production only to public addresses.
 * Answers the status once the answer's first few KB are read, or the error.
 */
export function postNotice(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { production: boolean; timeoutMs: number },
): Promise<TryOutcome> {
  const signal = AbortSignal.timeout(options.timeoutMs)
  return new Promise((resolve) => {
    let target: URL
    try {
      target = new URL(url)
    } catch {
      return resolve({ error: 'not a valid address' })
    }
    const host = target.hostname.replace(/^\[|\]$/g, '')
    if (options.production && target.protocol !== 'https:') return resolve({ error: 'refused: not an https address' })
    if (options.production && isIP(host) !== 0 && isPrivateAddress(host))
      return resolve({ error: new RefusedAddress().message })
    const client = target.protocol === 'https:' ? https : http
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        signal,
        agent: false,
        ...(options.production && { lookup: publicOnlyLookup }),
      },
      (response) => {
        const statusCode = response.statusCode ?? 0
        let read = 0
        const done = () => {
          response.destroy()
          resolve({ statusCode })
        }
        response.on('data', (chunk: Buffer) => {
          read += chunk.length
          if (read >= ANSWER_READ_LIMIT) done()
        })
        response.on('end', done)
        response.on('error', done)
      },
    )
    request.on('error', (error) => resolve({ error: reasonOf(error, signal) }))
    request.end(body)
  })
}

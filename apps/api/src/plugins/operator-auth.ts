import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
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

/** The cookie of an operator's usual browser (decision 075). */
const OPERATOR_DEVICE_COOKIE = 'operatorDevice'
const OPERATOR_DEVICE_DAYS = 90

export interface OperatorDevices {
  /** Signs the cookie: `nonce.mac`, the mac over the operator's name and the nonce. */
  key: Buffer
  /** The browsers reach the app over https (PUBLIC_URL): the cookie is then always `Secure`. */
  publicUrlIsHttps: boolean
}

function deviceMac(key: Buffer, name: string, nonce: string): Buffer {
  return createHmac('sha256', key).update(`${name}\u0000${nonce}`).digest()
}

/** The nonce of the browser's operator cookie when it was given to this operator's name, else undefined. */
function knownDevice(request: FastifyRequest, key: Buffer, name: string): string | undefined {
  const cookie = (request.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${OPERATOR_DEVICE_COOKIE}=`))
  const match = /^([A-Za-z0-9_-]{22,64})\.([A-Za-z0-9_-]{43})$/.exec(
    cookie?.slice(OPERATOR_DEVICE_COOKIE.length + 1) ?? '',
  )
  if (!match) return undefined
  const given = Buffer.from(match[2]!, 'base64url')
  const expected = deviceMac(key, name, match[1]!)
  return given.length === expected.length && timingSafeEqual(given, expected) ? match[1] : undefined
}

function rememberDevice(reply: FastifyReply, request: FastifyRequest, devices: OperatorDevices, name: string) {
  const nonce = randomBytes(18).toString('base64url')
  const value = `${nonce}.${deviceMac(devices.key, name, nonce).toString('base64url')}`
  const secure = devices.publicUrlIsHttps || request.protocol === 'https' ? '; Secure' : ''
  reply.header(
    'set-cookie',
    `${OPERATOR_DEVICE_COOKIE}=${value}; Path=/; Max-Age=${OPERATOR_DEVICE_DAYS * 86_400}; HttpOnly; SameSite=Strict${secure}`,
  )
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
 *
 * A browser the operator signed in from before carries a cookie signed for their name (decision 075): from it, the
 * operator's failures are counted on that browser alone, so strangers who fail with the operator's name, or from the
 * operator's address, never lock the operator out of their usual browser.
 */
export function createOperatorAuth(
  operators: { name: string; password: string }[],
  failures: OperatorFailureCounters,
  devices: OperatorDevices,
) {
  const known = operators.map((operator) => ({
    name: operator.name,
    hash: digest(`${operator.name}:${operator.password}`),
  }))
  return async function requireOperator(request: FastifyRequest, reply: FastifyReply) {
    const credentials = credentialsOf(request.headers.authorization)
    const name = credentials?.name.slice(0, 64)
    const device = name === undefined ? undefined : knownDevice(request, devices.key, name)
    const wait = device
      ? await failures.byAddress.waitFor(`device:${device}`)
      : Math.max(
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
      if (device) await failures.byAddress.fail(`device:${device}`)
      else if (credentials) {
        await failures.byAddress.fail(request.ip)
        await failures.byName.fail(name ?? '')
      }
      if (credentials)
        request.log.warn(
          { operator: name, ip: request.ip, usualBrowser: device !== undefined },
          'operator login failed',
        )
      return reply
        .code(401)
        .header('www-authenticate', 'Basic realm="operator", charset="UTF-8"')
        .send({ result: false, error: 'unauthorized' })
    }
    request.operator = operator.name
    if (!device) rememberDevice(reply, request, devices, operator.name)
  }
}

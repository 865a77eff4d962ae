import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

/**
 * A software passkey (decision 124's tests): a P-256 key made with node:crypto, answering the api's WebAuthn requests
 * as a browser and its authenticator would, with `none` attestation. Its CBOR is written here by hand (the few types
 * WebAuthn needs), so the tests build the bytes themselves rather than trust the verifier's own helpers.
 */

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length])
  if (length < 256) return Buffer.from([(major << 5) | 24, length])
  const bytes = Buffer.alloc(3)
  bytes[0] = (major << 5) | 25
  bytes.writeUInt16BE(length, 1)
  return bytes
}

type Cbor = number | string | Buffer | Map<number | string, Cbor>

function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)])
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value])
  const parts = [head(5, value.size)]
  for (const [key, item] of value) parts.push(cbor(key), cbor(item))
  return Buffer.concat(parts)
}

const b64url = (bytes: Buffer) => bytes.toString('base64url')
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest()

export interface SoftwarePasskey {
  credentialId: string
  /** Answers `navigator.credentials.create()` for the api's options. */
  register(options: Record<string, unknown>, origin: string): Record<string, unknown>
  /** Answers `navigator.credentials.get()` for the api's options. */
  assert(
    options: Record<string, unknown>,
    origin: string,
    overrides?: { userVerified?: boolean },
  ): Record<string, unknown>
}

export function softwarePasskey(): SoftwarePasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const credentialId = randomBytes(16)
  let counter = 0
  let userHandle = ''
  const flags = (uv: boolean, attested: boolean) => 0x01 | (uv ? 0x04 : 0) | (attested ? 0x40 : 0)
  return {
    credentialId: b64url(credentialId),
    register(options, origin) {
      const rp = options.rp as { id: string }
      userHandle = (options.user as { id: string }).id
      const clientData = Buffer.from(
        JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }),
      )
      const authData = Buffer.concat([
        sha256(rp.id),
        Buffer.from([flags(true, true)]),
        Buffer.alloc(4),
        Buffer.alloc(16), // aaguid: none
        head16(credentialId.length),
        credentialId,
        coseKey(publicKey),
      ])
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      )
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      }
    },
    assert(options, origin, overrides = {}) {
      counter += 1
      const clientData = Buffer.from(
        JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }),
      )
      const count = Buffer.alloc(4)
      count.writeUInt32BE(counter)
      const authData = Buffer.concat([
        sha256(options.rpId as string),
        Buffer.from([flags(overrides.userVerified ?? true, false)]),
        count,
      ])
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), privateKey)
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle,
        },
        clientExtensionResults: {},
      }
    },
  }
}

function head16(length: number): Buffer {
  const bytes = Buffer.alloc(2)
  bytes.writeUInt16BE(length)
  return bytes
}

/** The public key as COSE_Key: EC2 (1: 2), ES256 (3: -7), P-256 (-1: 1), x (-2), y (-3). */
function coseKey(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' })
  return cbor(
    new Map<number, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  )
}

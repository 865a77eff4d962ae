import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { BlockList, isIP } from 'node:net'
import { and, eq, isNull } from 'drizzle-orm'
import { partnerApiKeys, partners } from '../../db/tables/modules/partners'
import { AppError } from '../../errors'
import { newKeySchema, parseOrRefuse } from './partner-input'
import { type Partner, assertPartnerId } from './partner-records'
import type { PartnerServiceDeps } from './partners-deps'

/** The prefix every partner key starts with: `hvxp_<keyId>_<secret>`. */
const KEY_PREFIX = 'hvxp_'

/** Why a presented key opens nothing. */
type KeyRefusal = 'unknown_key' | 'revoked' | 'source_not_allowed' | 'partner_disabled'

type KeyCheck = { ok: true; partner: Partner; keyId: string } | { ok: false; refusal: KeyRefusal }

const secretHashOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest()

/** Compared whatever is presented, so that an unknown key id takes as long as a wrong secret. */
const NO_HASH = Buffer.alloc(32)

/**
 * Issues a new key to a partner, beside the keys it has (a key is replaced without a gap by issuing the next one,
 * then revoking the old). Answers the whole key, `hvxp_<keyId>_<secret>`, this once: only its secret's hash is kept.
 */
export async function issueApiKey(
  { db, clock }: PartnerServiceDeps,
  partnerId: string,
  input: { label?: string; sources?: string[] } = {},
): Promise<{ keyId: string; key: string }> {
  assertPartnerId(partnerId)
  const { label, sources } = parseOrRefuse(newKeySchema, input)
  const [partner] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, partnerId))
  if (!partner) throw new AppError('not_found', 404)
  const keyId = randomBytes(6).toString('hex')
  const secret = randomBytes(32).toString('base64url')
  await db.insert(partnerApiKeys).values({
    partnerId,
    keyId,
    secretHash: secretHashOf(secret).toString('hex'),
    label,
    allowedSources: sources,
    createdAt: clock.now(),
  })
  return { keyId, key: `${KEY_PREFIX}${keyId}_${secret}` }
}

/** Revokes a key by its public id; answers false when no key of that id is still active. */
export async function revokeApiKey({ db, clock }: PartnerServiceDeps, keyId: string): Promise<boolean> {
  const revoked = await db
    .update(partnerApiKeys)
    .set({ revokedAt: clock.now() })
    .where(and(eq(partnerApiKeys.keyId, keyId), isNull(partnerApiKeys.revokedAt)))
    .returning({ id: partnerApiKeys.id })
  return revoked.length > 0
}

/** `hvxp_<keyId>_<secret>` split in its parts; the secret (base64url) may itself hold `_`. */
function keyParts(presented: string): { keyId: string; secret: string } | undefined {
  if (!presented.startsWith(KEY_PREFIX)) return undefined
  const rest = presented.slice(KEY_PREFIX.length)
  const split = rest.indexOf('_')
  if (split <= 0 || split === rest.length - 1) return undefined
  return { keyId: rest.slice(0, split), secret: rest.slice(split + 1) }
}

/** Whether the caller's address is one the key is accepted from (none listed: any). */
function sourceAllowed(allowed: string[], sourceIp: string): boolean {
  if (allowed.length === 0) return true
  const address = sourceIp.startsWith('::ffff:') && isIP(sourceIp.slice(7)) === 4 ? sourceIp.slice(7) : sourceIp
  const family = isIP(address)
  if (family === 0) return false
  const list = new BlockList()
  for (const source of allowed) {
    const [network, bits] = source.split('/')
    const type = isIP(network!) === 4 ? 'ipv4' : 'ipv6'
    if (bits === undefined) list.addAddress(network!, type)
    else list.addSubnet(network!, Number(bits), type)
  }
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/**
 * Checks a key a partner presents from `sourceIp`: answers its partner, or why it is refused. The secret's hash is
 * compared in constant time; an accepted key has its last use noted.
 */
export async function verifyApiKey(
  { db, clock }: PartnerServiceDeps,
  presentedKey: string,
  sourceIp: string,
): Promise<KeyCheck> {
  const parts = keyParts(presentedKey)
  const [row] = parts
    ? await db
        .select({ key: partnerApiKeys, partner: partners })
        .from(partnerApiKeys)
        .innerJoin(partners, eq(partners.id, partnerApiKeys.partnerId))
        .where(eq(partnerApiKeys.keyId, parts.keyId))
    : []
  const presentedHash = secretHashOf(parts?.secret ?? '')
  const storedHash = row ? Buffer.from(row.key.secretHash, 'hex') : NO_HASH
  const matches = storedHash.length === presentedHash.length && timingSafeEqual(storedHash, presentedHash)
  if (!row || !matches) return { ok: false, refusal: 'unknown_key' }
  if (row.key.revokedAt) return { ok: false, refusal: 'revoked' }
  if (!sourceAllowed(row.key.allowedSources, sourceIp)) return { ok: false, refusal: 'source_not_allowed' }
  if (row.partner.status !== 'active') return { ok: false, refusal: 'partner_disabled' }
  await db.update(partnerApiKeys).set({ lastUsedAt: clock.now() }).where(eq(partnerApiKeys.id, row.key.id))
  return { ok: true, partner: row.partner, keyId: row.key.keyId }
}

import { isIP } from 'node:net'
import { z } from 'zod'
import { AppError } from '../../errors'

/** http is accepted only for these hosts, and only outside production: a partner's developer on their own machine. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

const parsedUrl = (value: string) => {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

/** An address the customer may be sent back to, or notices sent to: https, or http on localhost outside production. */
const returnUrl = (production: boolean) =>
  z.string().refine(
    (value) => {
      const url = parsedUrl(value)
      if (!url) return false
      if (url.protocol === 'https:') return true
      return !production && url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)
    },
    production ? 'must be an https address' : 'must be an https address (or http on localhost)',
  )

/** A page's origin: scheme, host and port, with no path, query or fragment. */
const origin = (production: boolean) =>
  z
    .string()
    .refine((value) => {
      const url = parsedUrl(value)
      if (!url || url.origin !== value.replace(/\/$/, '')) return false
      return url.protocol === 'https:' || (!production && url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname))
    }, 'must be an origin (https://host[:port]) without a path')
    .transform((value) => new URL(value).origin)

const httpsUrl = z.string().refine((value) => parsedUrl(value)?.protocol === 'https:', 'must be an https address')

const PartnerBrand = z
  .object({
    name: z.string().trim().min(1).max(80).optional(),
    logoUrl: httpsUrl.optional(),
    primaryColour: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1a2b3c')
      .optional(),
  })
  .strict()

const OrderFields = z
  .object({
    fiat: z.boolean().default(false),
    coin: z.boolean().default(false),
    network: z.boolean().default(false),
    amount: z.boolean().default(false),
    wallet: z.boolean().default(false),
    locked: z.boolean().default(false),
  })
  .strict()

/** What a partner is made of; `slug` is fixed once created. */
function partnerFields(production: boolean) {
  return {
    displayName: z.string().trim().min(1).max(80),
    brand: PartnerBrand,
    returnUrls: z.array(returnUrl(production)).max(20),
    embeddingOrigins: z.array(origin(production)).max(20),
    webhookUrl: returnUrl(production).nullable(),
    orderFields: OrderFields,
    bindSessionToIp: z.boolean(),
    status: z.enum(['active', 'disabled']),
  }
}

/** A new partner: a slug and a name at least; the rest has a default. */
export const newPartnerSchema = (production: boolean) => {
  const fields = partnerFields(production)
  return z
    .object({
      slug: z
        .string()
        .regex(/^[a-z0-9-]{2,40}$/, 'must be 2 to 40 lower-case letters, digits or hyphens')
        .refine((slug) => !slug.startsWith('-') && !slug.endsWith('-'), 'must not start or end with a hyphen'),
      displayName: fields.displayName,
      brand: fields.brand.default({}),
      returnUrls: fields.returnUrls.default([]),
      embeddingOrigins: fields.embeddingOrigins.default([]),
      webhookUrl: fields.webhookUrl.default(null),
      orderFields: fields.orderFields.default({
        fiat: false,
        coin: false,
        network: false,
        amount: false,
        wallet: false,
        locked: false,
      }),
      bindSessionToIp: fields.bindSessionToIp.default(true),
      status: fields.status.default('active'),
    })
    .strict()
}

/** A change to a partner: any of its fields but the slug. */
export const partnerChangeSchema = (production: boolean) => z.object(partnerFields(production)).partial().strict()

/** An IP address or a CIDR range (`203.0.113.0/24`, `2001:db8::/32`). */
function isSource(value: string): boolean {
  const [address, bits, extra] = value.split('/')
  const family = isIP(address ?? '')
  if (family === 0 || extra !== undefined) return false
  if (bits === undefined) return true
  if (!/^\d{1,3}$/.test(bits)) return false
  return Number(bits) <= (family === 4 ? 32 : 128)
}

/** What a new key is issued with: a label to tell keys apart and the addresses it is accepted from (empty: any). */
export const newKeySchema = z
  .object({
    label: z.string().trim().max(80).default(''),
    sources: z.array(z.string().refine(isSource, 'must be an IP address or a CIDR range')).max(50).default([]),
  })
  .strict()

/** Parses `input` with `schema`, or refuses it with `validation_failed` naming each bad field and why. */
export function parseOrRefuse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  const fields: Record<string, string> = {}
  for (const issue of parsed.error.issues) {
    const name = issue.path.length > 0 ? issue.path.join('.') : 'input'
    fields[name] ??= issue.message
  }
  throw new AppError('validation_failed', 400, { fields })
}

/**
 * Why `given` is not one of the partner's registered return addresses, or undefined when it is. It matches a
 * registered address when scheme, host, port and path are the same; the partner may add a query of its own (its
 * order's id, say), but no `mp_` parameter (the exchange adds those on the way back), no fragment and no credentials.
 */
export function returnUrlRefusal(registered: readonly string[], given: string): string | undefined {
  const url = parsedUrl(given)
  if (!url) return 'is not an address'
  if (url.username || url.password || url.hash) return 'must carry no credentials and no fragment'
  if ([...url.searchParams.keys()].some((name) => name.toLowerCase().startsWith('mp_')))
    return 'must carry no mp_ parameter: the exchange adds them on the way back'
  const matches = registered.some((address) => {
    const known = parsedUrl(address)
    return known?.origin === url.origin && known.pathname === url.pathname
  })
  return matches
    ? undefined
    : 'is not one of the registered return addresses (same scheme, host, port and path; a query may be added)'
}

import { AppError } from '../../errors'
import type { Partner } from '../partners/partner-records'

/** A url-encoded form as the operator's browser posts it: a field given twice arrives as a list. */
export type PostedForm = Record<string, string | string[] | undefined>

/**
 * The posted fields: a form's text, or a script's JSON of the same fields. Anything but text or a list of text (an
 * object, a number) is refused, naming the field, so that nothing reads it as blank and stores a default instead.
 */
export function postedFormOf(body: unknown): PostedForm {
  if (body === undefined || body === null) return {}
  if (typeof body !== 'object' || Array.isArray(body))
    throw new AppError('validation_failed', 400, { fields: { input: 'must be a form' } })
  const fields: Record<string, string> = {}
  for (const [name, value] of Object.entries(body))
    if (typeof value !== 'string' && !(Array.isArray(value) && value.every((one) => typeof one === 'string')))
      fields[name] = 'must be text'
  if (Object.keys(fields).length > 0) throw new AppError('validation_failed', 400, { fields })
  return body as PostedForm
}

/** What an order may have set by the partner, as the form's checkboxes name it. */
const ORDER_FIELDS = ['fiat', 'coin', 'network', 'amount', 'wallet'] as const

/** What the partner form shows: the partner's settings, or what the operator typed when a field was refused. */
export interface PartnerFormValues {
  slug: string
  displayName: string
  returnUrls: string
  embeddingOrigins: string
  webhookUrl: string
  brandName: string
  brandLogoUrl: string
  brandColour: string
  orderFields: string[]
  locked: boolean
  bindSessionToIp: boolean
}

/** A new partner's form: nothing filled in; its customers' sessions bound to their address, as by default. */
export const BLANK_PARTNER: PartnerFormValues = {
  slug: '',
  displayName: '',
  returnUrls: '',
  embeddingOrigins: '',
  webhookUrl: '',
  brandName: '',
  brandLogoUrl: '',
  brandColour: '',
  orderFields: [],
  locked: false,
  bindSessionToIp: true,
}

const textOf = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '')
const listOf = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat())

/** The lines of a text area, trimmed, blank ones dropped; a field given twice is passed on for the schema to refuse. */
function linesOf(value: string | string[] | undefined, separators = /\r?\n/): unknown {
  if (Array.isArray(value)) return value
  return textOf(value)
    .split(separators)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
}

/** A single field as posted: a blank one is left out, so that the schema's default applies. */
function optional(value: string | string[] | undefined): unknown {
  if (Array.isArray(value)) return value
  const trimmed = textOf(value).trim()
  return trimmed === '' ? undefined : trimmed
}

/** The partner's settings as the registry takes them (decision 111), from the posted form; `slug` only when new. */
export function partnerInputOf(form: PostedForm, withSlug: boolean): Record<string, unknown> {
  const allowed = listOf(form.orderFields)
  return {
    ...(withSlug && { slug: Array.isArray(form.slug) ? form.slug : textOf(form.slug).trim() }),
    displayName: Array.isArray(form.displayName) ? form.displayName : textOf(form.displayName),
    returnUrls: linesOf(form.returnUrls),
    embeddingOrigins: linesOf(form.embeddingOrigins),
    webhookUrl: optional(form.webhookUrl) ?? null,
    brand: Object.fromEntries(
      Object.entries({
        name: optional(form.brandName),
        logoUrl: optional(form.brandLogoUrl),
        primaryColour: optional(form.brandColour),
      }).filter(([, value]) => value !== undefined),
    ),
    orderFields: {
      ...Object.fromEntries(ORDER_FIELDS.map((field) => [field, allowed.includes(field)])),
      locked: form.locked !== undefined,
    },
    bindSessionToIp: form.bindSessionToIp !== undefined,
  }
}

/** What the operator typed, shown again beside the fields a refusal named. */
export function formValuesOf(form: PostedForm): PartnerFormValues {
  return {
    slug: textOf(form.slug),
    displayName: textOf(form.displayName),
    returnUrls: textOf(form.returnUrls),
    embeddingOrigins: textOf(form.embeddingOrigins),
    webhookUrl: textOf(form.webhookUrl),
    brandName: textOf(form.brandName),
    brandLogoUrl: textOf(form.brandLogoUrl),
    brandColour: textOf(form.brandColour),
    orderFields: listOf(form.orderFields),
    locked: form.locked !== undefined,
    bindSessionToIp: form.bindSessionToIp !== undefined,
  }
}

/** A registered partner's settings, as its form shows them. */
export function partnerValuesOf(partner: Partner): PartnerFormValues {
  return {
    slug: partner.slug,
    displayName: partner.displayName,
    returnUrls: partner.returnUrls.join('\n'),
    embeddingOrigins: partner.embeddingOrigins.join('\n'),
    webhookUrl: partner.webhookUrl ?? '',
    brandName: partner.brand.name ?? '',
    brandLogoUrl: partner.brand.logoUrl ?? '',
    brandColour: partner.brand.primaryColour ?? '',
    orderFields: ORDER_FIELDS.filter((field) => partner.orderFields[field]),
    locked: partner.orderFields.locked,
    bindSessionToIp: partner.bindSessionToIp,
  }
}

/** A new key's label and the addresses it is accepted from (separated by commas, spaces or lines). */
export function keyInputOf(form: PostedForm): Record<string, unknown> {
  return {
    label: Array.isArray(form.label) ? form.label : textOf(form.label),
    sources: linesOf(form.sources, /[\s,]+/),
  }
}

/** The registry's field names (`brand.logoUrl`, `returnUrls.2`) as the form's inputs name them, with why. */
export function inputErrorsOf(fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const [path, message] of Object.entries(fields)) {
    const [head, rest] = path.split(/\.(.*)/s)
    const brandInput = { name: 'brandName', logoUrl: 'brandLogoUrl', primaryColour: 'brandColour' }
    const input = head === 'brand' ? (brandInput[rest as keyof typeof brandInput] ?? 'brandName') : head!
    const line = rest !== undefined && /^\d+$/.test(rest) ? `entry ${Number(rest) + 1}: ` : ''
    errors[input] ??= `${line}${message}`
  }
  return errors
}

import type { Partner } from '../partners/partner-records'
import { SECRET_OVERLAP_HOURS } from '../partners/signing-secrets'
import type { OperatorServiceDeps } from './operator-deps'
import { logAction } from './operator-log'

type PartnerDeskDeps = Pick<OperatorServiceDeps, 'db' | 'clock' | 'partners'>

/** The settings an operator sets, as the log keeps them: never a key or a secret (a partner has none of those). */
const SETTINGS = [
  'displayName',
  'brand',
  'returnUrls',
  'embeddingOrigins',
  'webhookUrl',
  'orderFields',
  'bindSessionToIp',
  'status',
] as const

const settingsOf = (partner: Partner) => Object.fromEntries(SETTINGS.map((name) => [name, partner[name]]))

/** Each setting that differs, with what it was and what it is now. */
function changesBetween(before: Partner, after: Partner): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {}
  for (const name of SETTINGS)
    if (JSON.stringify(before[name]) !== JSON.stringify(after[name]))
      changes[name] = { from: before[name], to: after[name] }
  return changes
}

/** Registers a partner from the operator view; a refused field stores nothing and logs nothing. */
export async function registerPartner(deps: PartnerDeskDeps, operator: string, input: unknown): Promise<Partner> {
  const partner = await deps.partners.createPartner(input)
  await logAction(
    deps,
    operator,
    'partner_registered',
    {},
    {
      partnerId: partner.id,
      slug: partner.slug,
      settings: settingsOf(partner),
    },
  )
  return partner
}

/** Changes a partner's settings (not its slug), logging what each changed setting was and is. */
export async function changePartner(
  deps: PartnerDeskDeps,
  operator: string,
  partnerId: string,
  input: Record<string, unknown>,
): Promise<Partner> {
  const before = await deps.partners.partnerById(partnerId)
  const after = await deps.partners.updatePartner(partnerId, input)
  const action =
    input.status === undefined
      ? 'partner_changed'
      : input.status === 'active'
        ? 'partner_activated'
        : 'partner_disabled'
  await logAction(
    deps,
    operator,
    action,
    {},
    {
      partnerId,
      slug: after.slug,
      changes: changesBetween(before, after),
    },
  )
  return after
}

/** Issues a key: answered whole this once; the log keeps its public id, label and sources only. */
export async function issuePartnerKey(
  deps: PartnerDeskDeps,
  operator: string,
  partnerId: string,
  input: { label?: string; sources?: string[] },
): Promise<{ partner: Partner; keyId: string; key: string }> {
  const partner = await deps.partners.partnerById(partnerId)
  const { keyId, key } = await deps.partners.issueApiKey(partnerId, input)
  const [issued] = (await deps.partners.partnerKeys(partnerId)).filter((view) => view.keyId === keyId)
  await logAction(
    deps,
    operator,
    'partner_key_issued',
    {},
    {
      partnerId,
      slug: partner.slug,
      keyId,
      label: issued?.label ?? '',
      sources: issued?.sources ?? [],
    },
  )
  return { partner, keyId, key }
}

/** Revokes one of the partner's keys; one already revoked is logged as such. */
export async function revokePartnerKey(
  deps: PartnerDeskDeps,
  operator: string,
  partnerId: string,
  keyId: string,
): Promise<boolean> {
  const partner = await deps.partners.partnerById(partnerId)
  const revoked = await deps.partners.revokePartnerKey(partnerId, keyId)
  await logAction(deps, operator, 'partner_key_revoked', {}, { partnerId, slug: partner.slug, keyId, revoked })
  return revoked
}

/**
 * Makes the partner's next signing secret, answered this once. The old ones keep signing for `SECRET_OVERLAP_HOURS`,
 * or stop now when the operator ends them (a secret that leaked).
 */
export async function rotatePartnerSecret(
  deps: PartnerDeskDeps,
  operator: string,
  partnerId: string,
  endOldNow: boolean,
): Promise<{ partner: Partner; secret: string; overlapHours: number }> {
  const partner = await deps.partners.partnerById(partnerId)
  const overlapHours = endOldNow ? 0 : SECRET_OVERLAP_HOURS
  const { secret } = await deps.partners.rotateSigningSecret(partnerId, overlapHours)
  await logAction(
    deps,
    operator,
    'partner_signing_secret_rotated',
    {},
    {
      partnerId,
      slug: partner.slug,
      overlapHours,
    },
  )
  return { partner, secret, overlapHours }
}

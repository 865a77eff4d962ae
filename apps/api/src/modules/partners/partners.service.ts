import { issueApiKey, revokeApiKey, verifyApiKey } from './api-keys'
import { partnerById, partnerKeys, partnerSummaries, revokePartnerKey } from './partner-desk'
import { createPartner, embeddingOriginsOf, listPartners, partnerBySlug, updatePartner } from './partner-records'
import type { PartnerServiceDeps } from './partners-deps'
import { liveSigningSecrets, rotateSigningSecret } from './signing-secrets'
import { disableWebhook, enableWebhook } from './webhook-endpoint'

export type PartnerService = ReturnType<typeof createPartnerService>

/**
 * The partners that send their customers in through /mp and their API keys (decision 111). Owns `partners` and
 * `partner_api_keys`.
 */
export function createPartnerService(deps: PartnerServiceDeps) {
  return {
    createPartner: createPartner.bind(null, deps),
    updatePartner: updatePartner.bind(null, deps),
    listPartners: listPartners.bind(null, deps),
    partnerBySlug: partnerBySlug.bind(null, deps),
    embeddingOriginsOf: embeddingOriginsOf.bind(null, deps),
    issueApiKey: issueApiKey.bind(null, deps),
    revokeApiKey: revokeApiKey.bind(null, deps),
    verifyApiKey: verifyApiKey.bind(null, deps),
    rotateSigningSecret: rotateSigningSecret.bind(null, deps),
    liveSigningSecrets: liveSigningSecrets.bind(null, deps),
    partnerSummaries: partnerSummaries.bind(null, deps),
    partnerById: partnerById.bind(null, deps),
    partnerKeys: partnerKeys.bind(null, deps),
    revokePartnerKey: revokePartnerKey.bind(null, deps),
    disableWebhook,
    enableWebhook: enableWebhook.bind(null, deps),
  }
}

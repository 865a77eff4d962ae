import { type CustomerAgreement, customerAgreement } from '@exchange/shared/agreement'
import type { ESignatureProvider } from '../../providers/esign/esign.provider'
import type { Core, ModuleParts } from '../module-kit'
import { agreementUserRoutes, agreementWebhookRoutes } from './agreement.routes'
import { createAgreementService } from './agreement.service'

/** The customer agreement in force, signed before orders (decision 044); kept encrypted like documents. */
export function agreementModule(
  { db, clock, brand, secrets }: Core,
  provider: ESignatureProvider,
  inForce: CustomerAgreement = customerAgreement(brand.company),
) {
  const agreement = createAgreementService({
    db,
    clock,
    provider,
    agreement: inForce,
    translated: (language, edition) => customerAgreement(brand.company, language, edition),
    key: secrets.documentsKey,
  })
  const parts: ModuleParts = {
    routes: [
      { scope: 'user', routes: agreementUserRoutes({ agreement }) },
      { scope: 'webhooks', routes: agreementWebhookRoutes({ agreement, provider, clock }) },
    ],
  }
  return { agreement, parts }
}

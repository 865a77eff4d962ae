import type { CustomerAgreement } from '@exchange/shared/agreement'
import { accountsModule } from '../modules/accounts/accounts.module'
import { agreementModule } from '../modules/agreement/agreement.module'
import { brandModule } from '../modules/brand/brand.module'
import { customersModule } from '../modules/customers/customers.module'
import { devModule } from '../modules/dev/dev.module'
import type { PartnerApiFetch } from '../modules/dev/partner-test-page'
import { documentsModule } from '../modules/documents/documents.module'
import { dueDiligenceModule } from '../modules/due-diligence/due-diligence.module'
import { errorLogModule } from '../modules/error-log/error-log.module'
import { identityModule } from '../modules/identity/identity.module'
import { journeyModule } from '../modules/journey/journey.module'
import { operatorModule } from '../modules/operator/operator.module'
import { ordersModule } from '../modules/orders/orders.module'
import { partnerWebhooksModule } from '../modules/partner-webhooks/partner-webhooks.module'
import { partnerApiModule, partnersModule } from '../modules/partners/partners.module'
import { paymentsModule } from '../modules/payments/payments.module'
import { ratesModule } from '../modules/rates/rates.module'
import { requestKeysModule } from '../modules/request-keys/request-keys.module'
import { supportModule } from '../modules/support/support.module'
import { intakeModule } from '../modules/intake/intake.module'
import { testControlsModule } from '../modules/test-controls/test-controls.module'
import { ukStepsModule } from '../modules/uk-steps/uk-steps.module'
import { usersModule } from '../modules/users/users.module'
import { walletsModule } from '../modules/wallets/wallets.module'
import { webhooksModule } from '../modules/webhooks/webhooks.module'
import type { OrderServiceDeps } from '../modules/orders/orders.service'
import type { AnswerOnce } from '../modules/request-keys/answer-once'
import type { Core, ModuleParts, Parties } from '../modules/module-kit'
import type { Gates } from './http'

type SecurityHolds = ReturnType<typeof accountsModule>['securityHolds']

/**
 * The customer's journey before money: identity, details, documents, the brand's UK rule, wallets, due diligence,
 * the UK steps, the agreement, and the journey engine over all of them. Each is built after what it asks of.
 */
function complianceModules(core: Core, parties: Parties, agreementInForce: CustomerAgreement | undefined) {
  const identity = identityModule(core, parties.identity)
  const customers = customersModule(core, identity)
  const documents = documentsModule(core)
  const brand = brandModule(core, {
    declaredResidenceOf: customers.customers.declaredResidenceOf,
    proofOfAddressAcceptedAfter: documents.documentReviews.proofOfAddressAcceptedAfter,
  })
  const wallets = walletsModule(core)
  const dueDiligence = dueDiligenceModule(core)
  const ukSteps = ukStepsModule(core, brand.brandService)
  const agreement = agreementModule(core, parties.esign, agreementInForce)
  const journey = journeyModule(core, {
    identity: identity.identity,
    wallets: wallets.wallets,
    dueDiligence: dueDiligence.dueDiligence,
    ukSteps: { ...ukSteps.ukSteps, isUkCustomer: brand.brandService.isUkCustomer },
    agreement: agreement.agreement,
    residencesOf: customers.customers.residencesOf,
  })
  const all = [identity, customers, documents, brand, wallets, dueDiligence, ukSteps, agreement, journey]
  return {
    ...identity,
    ...customers,
    ...documents,
    ...brand,
    ...wallets,
    ...dueDiligence,
    ...agreement,
    ...journey,
    parts: all.map((module) => module.parts),
  }
}

/** Prices, orders, money in and out, the four ways to pay and the providers' notices. */
function moneyModules(
  core: Core,
  parties: Parties,
  compliance: ReturnType<typeof complianceModules>,
  {
    answerOnce,
    partnerVisitOf,
    securityHolds,
  }: {
    answerOnce: AnswerOnce
    partnerVisitOf: OrderServiceDeps['partnerVisitOf']
    securityHolds: SecurityHolds
  },
) {
  const { journey } = compliance
  const rates = ratesModule(core, parties.rates)
  const orders = ordersModule(core, {
    rates: rates.rates,
    assertMayStartOrder: journey.assertMayStartOrder,
    assertMayPay: journey.assertMayPay,
    partnerVisitOf,
    payoutHoldOf: securityHolds.holdOfOrder,
    answerOnce,
  })
  const intake = intakeModule(core, parties, {
    orders: orders.orders,
    recentNameChange: compliance.customers.recentNameChange,
    verifiedNameOf: compliance.identity.verifiedNameOf,
    payoutGate: securityHolds.withHold(compliance.payoutGate),
    isWalletProven: compliance.wallets.isWalletProven,
    securityHoldAtWithdrawal: securityHolds.atWithdrawal,
  })
  const payments = paymentsModule(core, parties, {
    orders: orders.orders,
    moneyIn: intake.moneyIn,
    assertMayPay: journey.assertMayPay,
  })
  const webhooks = webhooksModule(core, parties, intake.moneyIn)
  return {
    ...rates,
    ...intake,
    parts: [rates, orders, intake, payments, webhooks].map((module) => module.parts),
  }
}

/** Every module of the api, built in the order of what each asks of the others. */
export async function wireModules(
  core: Core,
  parties: Parties,
  gates: Gates,
  webDist: string,
  agreementInForce: CustomerAgreement | undefined,
  partnerApiFetch?: PartnerApiFetch,
) {
  const keys = requestKeysModule(core)
  const { answerOnce } = keys
  const accounts = accountsModule(core, { limits: gates.limits, answerOnce })
  const partners = partnersModule(core, { accounts: accounts.accounts, limits: gates.limits })
  const compliance = complianceModules(core, parties, agreementInForce)
  const money = moneyModules(core, parties, compliance, {
    answerOnce,
    partnerVisitOf: partners.partnerVisitOf,
    securityHolds: accounts.securityHolds,
  })
  const users = await usersModule(core, {
    accounts: accounts.accounts,
    agreementVersion: compliance.agreement.version,
  })
  const partnerWebhooks = partnerWebhooksModule(core, partners.partners)
  const errorLog = errorLogModule(core)
  const support = supportModule(core, { isUkCustomer: compliance.brandService.isUkCustomer })
  const operator = operatorModule(
    core,
    {
      moneyIn: money.moneyIn,
      bank: parties.bank,
      dueDiligence: compliance.dueDiligence,
      customers: compliance.customers,
      identity: compliance.identity,
      journey: compliance.journey,
      documents: compliance.documents,
      documentReviews: compliance.documentReviews,
      unprovenResidenceOf: compliance.brandService.unprovenResidenceOf,
      partners: partners.partners,
      support: support.support,
    },
    gates.operatorSignIn,
    { partnerWebhooks: partnerWebhooks.partnerWebhooks, errorLog: errorLog.errorLog },
    webDist,
  )
  const partnerApi = partnerApiModule(core, { partners: partners.partners, rates: money.rates, limits: gates.limits })
  const testControls = testControlsModule(core, {
    ratesProvider: parties.rates,
    refreshRates: money.rates.refreshRates,
  })
  const parts: ModuleParts[] = [
    keys.parts,
    accounts.parts,
    ...compliance.parts,
    ...money.parts,
    users.parts,
    support.parts,
    operator.parts,
    partners.parts,
    partnerApi.parts,
    partnerWebhooks.parts,
    errorLog.parts,
    testControls.parts,
    devModule(core, { partners: partners.partners, partnerApiFetch }).parts,
  ]
  return { parts, money, partners: partners.partners, remindComplaints: support.remindComplaints }
}

import type { FastifyInstance } from 'fastify'
import type { BankPartnerProvider } from '../providers/bank/bank-partner.provider'
import { createClearBankPartner } from '../providers/bank/clearbank-bank-partner.provider'
import { createSandboxBankPartner } from '../providers/bank/sandbox-bank-partner.provider'
import { sandboxBankRoutes } from '../providers/bank/sandbox-bank-partner.routes'
import type { ESignatureProvider } from '../providers/esign/esign.provider'
import { createSandboxEsignProvider } from '../providers/esign/sandbox-esign.provider'
import { sandboxEsignRoutes } from '../providers/esign/sandbox-esign.routes'
import type { IdentityProvider } from '../providers/identity/identity.provider'
import { createSandboxIdentityProvider } from '../providers/identity/sandbox-identity.provider'
import { sandboxIdvRoutes } from '../providers/identity/sandbox-identity.routes'
import { createSumsubIdentityProvider } from '../providers/identity/sumsub-identity.provider'
import type { LiquidityProvider } from '../providers/liquidity/liquidity.provider'
import { createSandboxLiquidityProvider } from '../providers/liquidity/sandbox-liquidity.provider'
import type { OpenBankingProvider } from '../providers/open-banking/open-banking.provider'
import {
  SANDBOX_OPEN_BANKING_SIGNATURE_HEADER,
  type SandboxOpenBanking,
  createSandboxOpenBanking,
} from '../providers/open-banking/sandbox-open-banking.provider'
import { sandboxOpenBankingRoutes } from '../providers/open-banking/sandbox-open-banking.routes'
import { createTrueLayerOpenBanking } from '../providers/open-banking/truelayer-open-banking.provider'
import type { CardPspProvider } from '../providers/psp/card-psp.provider'
import { SANDBOX_PSP_SIGNATURE_HEADER, type SandboxPsp, createSandboxPsp } from '../providers/psp/sandbox-psp.provider'
import { sandboxPspRoutes } from '../providers/psp/sandbox-psp.routes'
import { createStripePsp } from '../providers/psp/stripe-psp.provider'
import { createKrakenRatesProvider } from '../providers/rates/kraken-rates.provider'
import type { RatesProvider } from '../providers/rates/rates.provider'
import { createSandboxRatesProvider } from '../providers/rates/sandbox-rates.provider'
import { createSandboxNoticeService } from '../providers/sandbox/notices.service'
import { type Core, type ModuleParts, type Parties, type RouteMount, recurringJob } from '../modules/module-kit'

/** Tests put a live adapter on recorded answers, or make a party fail on purpose. */
export interface PartyOverrides {
  ratesProvider?: RatesProvider
  liquidityProvider?: LiquidityProvider
  bankPartner?: BankPartnerProvider
  identityProvider?: IdentityProvider
  esignProvider?: ESignatureProvider
}

interface Chosen<P> {
  provider: P
  /** The sandbox party's own pages, when the sandbox is the party. */
  routes: RouteMount[]
}

const sandboxAt = (prefix: string, routes: RouteMount['routes']): RouteMount => ({ scope: 'root', prefix, routes })

function identityParty({ config, db, clock, secrets, brand }: Core, override?: IdentityProvider) {
  if (override) return { provider: override, routes: [] }
  if (config.identity.kind === 'sumsub') return { provider: createSumsubIdentityProvider(config.identity), routes: [] }
  const provider = createSandboxIdentityProvider({ db, clock, key: secrets.idvWebhookKey })
  const routes = sandboxIdvRoutes({ provider, clock, key: secrets.idvWebhookKey, brandName: brand.brandName })
  return { provider, routes: [sandboxAt('/sandbox/idv', routes)] }
}

async function esignParty({ config, db, clock, secrets, brand }: Core, override?: ESignatureProvider) {
  if (override) return { provider: override, routes: [] }
  if (config.esign.kind === 'docusign') {
    // The DocuSign package is large: loaded only when DocuSign is configured.
    const { createDocusignEsignProvider } = await import('../providers/esign/docusign-esign.provider')
    return { provider: createDocusignEsignProvider(config.esign), routes: [] }
  }
  const provider = createSandboxEsignProvider({ db, clock, key: secrets.esignWebhookKey })
  const routes = sandboxEsignRoutes({ provider, clock, key: secrets.esignWebhookKey, brandName: brand.brandName })
  return { provider, routes: [sandboxAt('/sandbox/esign', routes)] }
}

function bankParty(
  { config, clock, secrets, brand }: Core,
  override?: BankPartnerProvider,
): Chosen<BankPartnerProvider> {
  const provider =
    override ??
    (config.bankPartner.kind === 'clearbank'
      ? createClearBankPartner({ ...config.bankPartner, holder: brand.company.name })
      : createSandboxBankPartner(brand.company.name, secrets.bankWebhookKey))
  const routes = provider.sandbox
    ? [sandboxAt('/sandbox/bank-partner', sandboxBankRoutes({ bank: provider, key: secrets.bankWebhookKey, clock }))]
    : []
  return { provider, routes }
}

function pspParty({ config, db, clock, secrets }: Core): { provider: CardPspProvider; sandbox?: SandboxPsp } {
  if (config.psp.kind === 'stripe') return { provider: createStripePsp(config.psp) }
  const sandbox = createSandboxPsp({ db, clock, key: secrets.pspWebhookKey })
  return { provider: sandbox, sandbox }
}

function openBankingParty({ config, db, clock, secrets }: Core): {
  provider: OpenBankingProvider
  sandbox?: SandboxOpenBanking
} {
  if (config.openBanking.kind === 'truelayer') return { provider: createTrueLayerOpenBanking(config.openBanking) }
  const sandbox = createSandboxOpenBanking({ db, clock, key: secrets.openBankingWebhookKey })
  return { provider: sandbox, sandbox }
}

/**
 * The card PSP and pay-by-bank. Their sandbox parties send their notices again until the exchange takes them
 * (decision 028): through the app itself, as the real parties would through the internet.
 */
function hostedPaymentParties(core: Core, app: FastifyInstance) {
  const { db, clock, secrets, brand } = core
  const psp = pspParty(core)
  const openBanking = openBankingParty(core)
  const notices = createSandboxNoticeService({
    db,
    clock,
    keys: { psp: secrets.pspWebhookKey, 'open-banking': secrets.openBankingWebhookKey },
    routes: {
      psp: { url: '/v1/webhooks/psp', signatureHeader: SANDBOX_PSP_SIGNATURE_HEADER },
      'open-banking': { url: '/v1/webhooks/open-banking', signatureHeader: SANDBOX_OPEN_BANKING_SIGNATURE_HEADER },
    },
    post: async ({ url, headers, body }) =>
      (await app.inject({ method: 'POST', url, headers, payload: body })).statusCode,
  })
  const routes: RouteMount[] = []
  if (psp.sandbox)
    routes.push(sandboxAt('/sandbox/psp', sandboxPspRoutes({ psp: psp.sandbox, notices, brandName: brand.brandName })))
  if (openBanking.sandbox) {
    const pages = sandboxOpenBankingRoutes({ openBanking: openBanking.sandbox, notices, brandName: brand.brandName })
    routes.push(sandboxAt('/sandbox/bank', pages))
  }
  const jobs =
    psp.sandbox || openBanking.sandbox
      ? [recurringJob('resend-sandbox-notices', 30, 120, notices.resendUndeliveredNotices)]
      : []
  return {
    psp: psp.provider,
    openBanking: openBanking.provider,
    resendSandboxNotices: notices.resendUndeliveredNotices,
    parts: { routes, jobs },
  }
}

async function liquidityParty({ config, db, clock }: Core, override?: LiquidityProvider) {
  if (override) return override
  if (config.liquidity.kind !== 'ccxt') return createSandboxLiquidityProvider({ db, clock })
  // ccxt is large: loaded only when a real exchange is configured.
  const { createCcxtLiquidityProvider } = await import('../providers/liquidity/ccxt-liquidity.provider')
  return createCcxtLiquidityProvider(config.liquidity)
}

/** Chooses every party; the sandbox parties bring their pages and their notice job with them. */
export async function chooseParties(core: Core, app: FastifyInstance, overrides: PartyOverrides) {
  const { config, trading } = core
  const identity = identityParty(core, overrides.identityProvider)
  const esign = await esignParty(core, overrides.esignProvider)
  const bank = bankParty(core, overrides.bankPartner)
  const hosted = hostedPaymentParties(core, app)
  const parties: Parties = {
    rates:
      overrides.ratesProvider ??
      (config.rates.provider === 'kraken'
        ? createKrakenRatesProvider()
        : createSandboxRatesProvider(trading.sandboxReference)),
    identity: identity.provider,
    esign: esign.provider,
    psp: hosted.psp,
    openBanking: hosted.openBanking,
    bank: bank.provider,
    liquidity: await liquidityParty(core, overrides.liquidityProvider),
  }
  const parts: ModuleParts = {
    routes: [...identity.routes, ...esign.routes, ...bank.routes, ...hosted.parts.routes],
    jobs: hosted.parts.jobs,
  }
  return { parties, parts, resendSandboxNotices: hosted.resendSandboxNotices }
}

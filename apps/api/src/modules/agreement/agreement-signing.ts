import { DEFAULT_LANGUAGE, type Language } from '@exchange/shared/languages'
import { partnerTwinOf } from '@exchange/shared/web-links'
import { and, desc, eq, isNull } from 'drizzle-orm'
import { agreementEvents, agreementSignings } from '../../db/tables/modules/agreement'
import { customers } from '../../db/tables/modules/customers'
import { orders } from '../../db/tables/modules/orders'
import { AppError, callProvider } from '../../errors'
import { AGREEMENT_RETURN_PATH, type AgreementContext, type AgreementText } from './agreement-deps'
import { hasSignedCurrent } from './agreement-records'

type SigningRequest = {
  orderReference?: string | undefined
  signerName?: string | undefined
  ip: string
  /** The customer came in through a partner: the signing page returns to the partner mode's twin. */
  inPartnerVisit?: boolean
  /** The language of the text signed (decision 131): the one the screens showed; English when none is named. */
  language?: Language | undefined
}
type Signing = typeof agreementSignings.$inferSelect

/**
 * Starts (or resumes) the signature of the version in force, in the language asked for, and answers a fresh link to
 * the provider's signing page. An envelope still waiting for the same signer and text is reused; a declined one is
 * followed by a new envelope.
 */
export async function startSigning(
  deps: AgreementContext,
  customerId: string,
  request: SigningRequest,
): Promise<{ signingUrl: string; version: string; language: Language; sandbox: boolean }> {
  const { db, clock, provider } = deps
  if (await hasSignedCurrent(deps, customerId)) throw new AppError('step_done')
  const [customer] = await db
    .select({ email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(eq(customers.id, customerId))
  if (!customer) throw new AppError('unauthorized', 401)
  const signed = deps.texts[request.language ?? DEFAULT_LANGUAGE]
  const detailsName = [customer.firstName, customer.lastName].filter(Boolean).join(' ').trim()
  // The name in the customer's details is the one they sign with; only without it is a typed name taken.
  const signerName = detailsName || request.signerName
  if (!signerName)
    throw new AppError('validation_failed', 400, { fields: { signerName: 'Please enter your full name' } })
  if (request.orderReference) {
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.reference, request.orderReference), eq(orders.customerId, customerId)))
    // Another customer's order answers like one that does not exist.
    if (!order) throw new AppError('order_not_found')
  }

  let signing: Signing | undefined = await signingFor(deps, signed, customerId, signerName, request)
  if (!signing.envelopeId) signing = await withEnvelope(deps, signed, signing.id, customer.email, signerName)
  if (!signing) throw new Error('agreement signing vanished')
  const { id: signingId, envelopeId } = signing
  const signingUrl = await callProvider(() =>
    provider.signingUrl({
      envelopeId: envelopeId!,
      signingId,
      email: customer.email,
      signerName,
      returnPath: request.inPartnerVisit ? partnerTwinOf(AGREEMENT_RETURN_PATH) : AGREEMENT_RETURN_PATH,
    }),
  )
  await db
    .insert(agreementEvents)
    .values({ signingId, type: 'link_issued', detail: { envelopeId, ip: request.ip }, createdAt: clock.now() })
  const { version, language } = signed.agreement
  return { signingUrl, version, language, sandbox: provider.sandbox }
}

/** The signing request the customer signs with, stored before any envelope exists. */
async function signingFor(
  { db, clock, provider }: AgreementContext,
  { agreement: { version, language } }: AgreementText,
  customerId: string,
  signerName: string,
  request: SigningRequest,
): Promise<Signing> {
  // An envelope still waiting for this signer is resumed; otherwise (none, declined, another name) a new one.
  const [signing] = await db
    .select()
    .from(agreementSignings)
    .where(
      and(
        eq(agreementSignings.customerId, customerId),
        eq(agreementSignings.agreementVersion, version),
        eq(agreementSignings.provider, provider.kind),
        eq(agreementSignings.status, 'sent'),
        eq(agreementSignings.signerName, signerName),
      ),
    )
    .orderBy(desc(agreementSignings.createdAt))
    .limit(1)
  if (signing) return signing
  const [created] = await db
    .insert(agreementSignings)
    .values({
      customerId,
      provider: provider.kind,
      agreementVersion: version,
      language,
      status: 'sent',
      signerName,
      orderReference: request.orderReference ?? null,
      requestIp: request.ip,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    })
    .returning()
  return created!
}

/**
 * Creates the signing's envelope at the provider with the text in the signing's language and keeps it, unless a
 * parallel start kept its own first; the envelope's event names the text's SHA-256.
 */
async function withEnvelope(
  { db, clock, provider }: AgreementContext,
  { agreement, text, sha256 }: AgreementText,
  signingId: string,
  email: string,
  signerName: string,
): Promise<Signing | undefined> {
  const { envelopeId } = await callProvider(() =>
    provider.createEnvelope({
      signingId,
      email,
      signerName,
      agreement: { version: agreement.version, title: agreement.title, text },
    }),
  )
  const kept = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(agreementSignings)
      .set({ envelopeId, updatedAt: clock.now() })
      .where(and(eq(agreementSignings.id, signingId), isNull(agreementSignings.envelopeId)))
      .returning()
    if (updated)
      await tx.insert(agreementEvents).values({
        signingId,
        type: 'envelope_created',
        detail: { envelopeId, language: agreement.language, textSha256: sha256 },
        createdAt: clock.now(),
      })
    return updated
  })
  // A parallel start stored its envelope first: that one is signed.
  if (kept) return kept
  const [stored] = await db.select().from(agreementSignings).where(eq(agreementSignings.id, signingId))
  return stored
}

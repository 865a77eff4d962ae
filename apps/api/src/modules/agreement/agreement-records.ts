import { and, desc, eq, inArray } from 'drizzle-orm'
import { DEFAULT_LANGUAGE, type Language } from '@exchange/shared/languages'
import type { SignedAgreementView, SigningStatus } from '@exchange/shared/agreement.schemas'
import { agreementSignings, signedAgreements } from '../../db/tables/modules/agreement'
import { AppError } from '../../errors'
import { decryptDocument } from '../documents/document-cipher'
import { aadOf, type AgreementContext } from './agreement-deps'

/** The customer's signature of the version in force, in any language, if any. */
async function currentSignature({ db, inForce }: AgreementContext, customerId: string) {
  const [row] = await db
    .select({ id: signedAgreements.id, signedAt: signedAgreements.signedAt })
    .from(signedAgreements)
    .where(and(eq(signedAgreements.customerId, customerId), inArray(signedAgreements.agreementVersion, inForce)))
    .orderBy(desc(signedAgreements.signedAt))
    .limit(1)
  return row
}

/** The journey fact: whether the version in force is signed (in any of its languages). */
export async function hasSignedCurrent(deps: AgreementContext, customerId: string): Promise<boolean> {
  return (await currentSignature(deps, customerId)) !== undefined
}

/** The latest signing request for the version in force (in any language) at this provider. */
async function latestSigning({ db, inForce, provider }: AgreementContext, customerId: string) {
  const [signing] = await db
    .select()
    .from(agreementSignings)
    .where(
      and(
        eq(agreementSignings.customerId, customerId),
        inArray(agreementSignings.agreementVersion, inForce),
        eq(agreementSignings.provider, provider.kind),
      ),
    )
    .orderBy(desc(agreementSignings.createdAt))
    .limit(1)
  return signing
}

/**
 * The customer's agreement: the version in force in `language` (the one the screens show), whether the version in
 * force is signed in any language, the latest signing request, and every signed agreement with its language.
 */
export async function statusOf(
  deps: AgreementContext,
  customerId: string,
  language: Language = DEFAULT_LANGUAGE,
): Promise<{
  version: string
  signed: boolean
  latest: { status: SigningStatus; updatedAt: string } | null
  records: SignedAgreementView[]
}> {
  const { db, inForce } = deps
  const { version } = deps.texts[language].agreement
  const [rows, latest] = await Promise.all([
    db
      .select({
        id: signedAgreements.id,
        version: signedAgreements.agreementVersion,
        language: signedAgreements.language,
        signedAt: signedAgreements.signedAt,
        signerName: signedAgreements.signerName,
        fileName: signedAgreements.fileName,
        mediaType: signedAgreements.mediaType,
      })
      .from(signedAgreements)
      .where(eq(signedAgreements.customerId, customerId))
      .orderBy(desc(signedAgreements.signedAt)),
    latestSigning(deps, customerId),
  ])
  const records = rows.map((row) => ({
    ...row,
    signedAt: row.signedAt.toISOString(),
    current: inForce.includes(row.version),
  }))
  return {
    version,
    signed: records.some((record) => record.current),
    latest: latest ? { status: latest.status, updatedAt: latest.updatedAt.toISOString() } : null,
    records,
  }
}

/** One of the customer's own signed agreements; another customer's answers exactly like one that does not exist. */
export async function readSigned({ db, key, keyId }: AgreementContext, customerId: string, id: string) {
  const [row] = await db
    .select()
    .from(signedAgreements)
    .where(and(eq(signedAgreements.id, id), eq(signedAgreements.customerId, customerId)))
  if (!row) throw new AppError('not_found', 404)
  if (row.keyId !== keyId)
    throw new Error(`signed agreement ${row.id} was encrypted with key ${row.keyId}, not the configured one`)
  const bytes = decryptDocument(key, row, aadOf(row.id, row.customerId))
  return { fileName: row.fileName, mediaType: row.mediaType, bytes }
}

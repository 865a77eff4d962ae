import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import docusign from 'docusign-esign'
import { z } from 'zod'
import type { IncomingNotice } from '../signed-notice'
import type { ESignatureProvider, EnvelopeRequest, SignedDocument, SigningNotice } from './esign.provider'
import type { EsignSettings } from './esign.settings'

/** DocuSign's settings as the configuration reads them (esign.settings.ts), and what tests hand in. */
export type DocusignConfig = Omit<Extract<EsignSettings, { kind: 'docusign' }>, 'kind'> & {
  /** Seconds since the epoch (tests fix it): the access token is renewed a minute before it ends. */
  nowSeconds?: () => number
}

/** Where the signature goes in the document: DocuSign places the tabs on these strings (anchor tabs). */
export const SIGN_HERE_ANCHOR = '/sn1/'
export const DATE_SIGNED_ANCHOR = '/ds1/'

/** Connect's JSON SIM notice, as far as the adapter reads it. */
const ConnectNotice = z.object({
  event: z.string(),
  generatedDateTime: z.string(),
  data: z.object({ envelopeId: z.string().min(1) }),
})

const SCOPES = ['signature', 'impersonation']

/** Connect signs the raw body with HMAC-SHA256 (base64), one header per active key: any one must match. */
export function verifyConnectHmac(secret: string, rawBody: string, headers: Record<string, string>): boolean {
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest()
  return Object.entries(headers).some(([name, value]) => {
    if (!/^x-docusign-signature-\d+$/.test(name)) return false
    const given = Buffer.from(value, 'base64')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
}

/** The document sent for signature: the agreement text, and the lines DocuSign puts the signature and date on. */
function agreementDocument(text: string, signerName: string): string {
  return `${text}\nSigned by ${signerName}\n\nSignature: ${SIGN_HERE_ANCHOR}\n\nDate: ${DATE_SIGNED_ANCHOR}\n`
}

/** The envelope: the agreement as a text document and one embedded signer with anchored signature and date tabs. */
function envelopeDefinitionOf(request: EnvelopeRequest) {
  const signer = {
    email: request.email,
    name: request.signerName,
    recipientId: '1',
    routingOrder: '1',
    // Embedded signing: DocuSign sends no e-mail; only our recipient view opens the envelope.
    clientUserId: request.signingId,
    tabs: {
      signHereTabs: [{ anchorString: SIGN_HERE_ANCHOR, anchorUnits: 'pixels', anchorXOffset: '0', anchorYOffset: '0' }],
      dateSignedTabs: [
        { anchorString: DATE_SIGNED_ANCHOR, anchorUnits: 'pixels', anchorXOffset: '0', anchorYOffset: '0' },
      ],
    },
  }
  return {
    emailSubject: `${request.agreement.title} (version ${request.agreement.version})`,
    documents: [
      {
        documentId: '1',
        name: `${request.agreement.title}, version ${request.agreement.version}`,
        fileExtension: 'txt',
        documentBase64: Buffer.from(agreementDocument(request.agreement.text, request.signerName)).toString('base64'),
      },
    ],
    recipients: { signers: [signer] },
    customFields: {
      textCustomFields: [{ name: 'agreementVersion', value: request.agreement.version, show: 'false' }],
    },
    status: 'sent',
  }
}

/** A Connect notice whose HMAC was checked: signed or declined, null for any other event, undefined if unreadable. */
function signingNoticeOf(rawBody: string, now: () => number): SigningNotice | null | undefined {
  let parsed
  try {
    parsed = ConnectNotice.safeParse(JSON.parse(rawBody))
  } catch {
    return undefined
  }
  if (!parsed.success) return undefined
  const { event, generatedDateTime, data } = parsed.data
  const outcome =
    event === 'envelope-completed'
      ? 'signed'
      : event === 'envelope-declined' || event === 'recipient-declined'
        ? 'declined'
        : undefined
  // Sent, delivered, viewed and the like change nothing here: acknowledged so Connect stops retrying.
  if (!outcome) return null
  const occurredAt = new Date(generatedDateTime)
  return {
    // Connect resends a notice with a higher retryCount in the body: the key is the envelope and its outcome.
    noticeKey: `docusign:${data.envelopeId}:${outcome}`,
    envelopeId: data.envelopeId,
    outcome,
    signerIp: undefined,
    occurredAt: Number.isNaN(occurredAt.getTime()) ? new Date(now() * 1000) : occurredAt,
  }
}

/**
 * DocuSign eSignature with embedded signing, through the official `docusign-esign` package: an envelope from the
 * agreement text with one embedded signer (our signing id as clientUserId), a recipient view that returns to the web
 * app, Connect notices checked by their HMAC, and the combined signed PDF read once the envelope is completed.
 */
export function createDocusignEsignProvider(config: DocusignConfig): ESignatureProvider {
  const now = config.nowSeconds ?? (() => Math.floor(Date.now() / 1000))
  let token: { value: string; expiresAt: number } | undefined

  async function client() {
    if (!token || token.expiresAt - 60 <= now()) {
      const oauth = new docusign.ApiClient({ basePath: config.basePath })
      // The package guesses the OAuth host from the base path (eu.docusign.net is not guessed): set it as configured.
      oauth.setOAuthBasePath(config.oauthHost)
      const answer = await oauth.requestJWTUserToken(
        config.integrationKey,
        config.userId,
        SCOPES,
        Buffer.from(config.privateKeyPem),
        3600,
      )
      token = { value: answer.body.access_token, expiresAt: now() + answer.body.expires_in }
    }
    const api = new docusign.ApiClient({ basePath: config.basePath })
    api.addDefaultHeader('Authorization', `Bearer ${token.value}`)
    return new docusign.EnvelopesApi(api)
  }

  return {
    kind: 'docusign',
    sandbox: false,
    async createEnvelope(request) {
      const envelopes = await client()
      const summary = await envelopes.createEnvelope(config.accountId, {
        envelopeDefinition: envelopeDefinitionOf(request),
      })
      if (!summary.envelopeId) throw new Error('DocuSign answered no envelope id')
      return { envelopeId: summary.envelopeId }
    },
    async signingUrl(request) {
      const envelopes = await client()
      const view = await envelopes.createRecipientView(config.accountId, request.envelopeId, {
        recipientViewRequest: {
          returnUrl: `${config.publicUrl}${request.returnPath}`,
          authenticationMethod: 'none',
          email: request.email,
          userName: request.signerName,
          clientUserId: request.signingId,
        },
      })
      if (!view.url) throw new Error('DocuSign answered no signing url')
      return view.url
    },
    async verifyNotification({ rawBody, headers }: IncomingNotice): Promise<SigningNotice | null | undefined> {
      if (!verifyConnectHmac(config.connectHmacSecret, rawBody, headers)) return undefined
      return signingNoticeOf(rawBody, now)
    },
    async signedDocument(envelopeId): Promise<SignedDocument> {
      const envelopes = await client()
      const answer = await envelopes.getDocument(config.accountId, envelopeId, 'combined', {})
      const bytes = Buffer.isBuffer(answer) ? answer : Buffer.from(answer, 'binary')
      if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw new Error('DocuSign answered something other than a PDF for the signed document')
      const digest = createHash('sha256').update(envelopeId).digest('hex').slice(0, 8)
      return { mediaType: 'application/pdf', fileName: `agreement-signed-${digest}.pdf`, bytes }
    },
  }
}

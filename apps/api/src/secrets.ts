import { createHmac, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface Secrets {
  /** HS256 key of the session tokens. */
  jwtKey: Uint8Array
  /** Key of the verification-code HMACs, derived so that the two uses never share a key. */
  codeKey: Buffer
  /** Key that seals queued e-mails (they carry codes) while they wait in the job queue. */
  mailKey: Buffer
  /**
   * Key of the pseudonyms that stand for e-mail addresses and other personal keys in rate-limit keys and log lines
   * (decision 076): keyed, so a list of known addresses cannot be hashed and matched against them.
   */
  pseudonymKey: Buffer
  /** Key of the digests of request bodies kept with an Idempotency-Key (decision 092): a sign-up's holds a password. */
  requestDigestKey: Buffer
  /** Key the bank partner signs its notices with (BANK_WEBHOOK_SECRET, or derived for the sandbox). */
  bankWebhookKey: Buffer
  /** Key the card PSP signs its notices with (PSP_WEBHOOK_SECRET, or derived for the sandbox). */
  pspWebhookKey: Buffer
  /** Key the open-banking provider signs its notices with (OPEN_BANKING_WEBHOOK_SECRET, or derived for the sandbox). */
  openBankingWebhookKey: Buffer
  /** Key the sandbox identity provider signs its notices with (IDV_WEBHOOK_SECRET, or derived). */
  idvWebhookKey: Buffer
  /** Key the sandbox e-signature provider signs its notices with (ESIGN_WEBHOOK_SECRET, or derived). */
  esignWebhookKey: Buffer
  /** AES-256 key of the customers' documents at rest (DOCUMENTS_ENCRYPTION_KEY, or generated under the data folder). */
  documentsKey: Buffer
  /**
   * Key that seals the partners' signing secrets at rest (decision 112), derived from the documents key: like the
   * documents, they must stay readable when the session secret is rotated.
   */
  partnerSecretsKey: Buffer
  /**
   * Key that seals the customers' authenticator-app secrets and keys their recovery codes (decision 124), derived from
   * the documents key with a label of its own, for the same reason as the partners' secrets.
   */
  secondFactorKey: Buffer
}

/**
 * The configured JWT secret, or, in embedded mode, one generated on first start and kept under the data
 * folder so that sessions survive a restart. `dataDir` undefined (in-memory tests) makes a fresh one.
 */
export function resolveSecrets(
  jwtSecret: string | undefined,
  dataDir: string | undefined,
  webhookSecrets: {
    bank?: string | undefined
    psp?: string | undefined
    openBanking?: string | undefined
    idv?: string | undefined
    esign?: string | undefined
  } = {},
  documentsKey?: string,
): Secrets {
  const secret = jwtSecret ?? (dataDir ? readOrCreateSecret(dataDir) : randomBytes(48).toString('base64url'))
  // Its own random key, never derived from the JWT secret: rotating sessions must not make documents unreadable.
  const documents = Buffer.from(
    documentsKey ??
      (dataDir ? readOrCreateSecret(dataDir, 'documents-key', 32, 'base64') : randomBytes(32).toString('base64')),
    'base64',
  )
  return {
    jwtKey: new TextEncoder().encode(secret),
    codeKey: createHmac('sha256', secret).update('verification-code-key').digest(),
    mailKey: createHmac('sha256', secret).update('queued-mail-key').digest(),
    pseudonymKey: createHmac('sha256', secret).update('pseudonym-key').digest(),
    requestDigestKey: createHmac('sha256', secret).update('request-digest-key').digest(),
    bankWebhookKey: webhookSecrets.bank
      ? Buffer.from(webhookSecrets.bank)
      : createHmac('sha256', secret).update('sandbox-bank-webhook-key').digest(),
    pspWebhookKey: webhookSecrets.psp
      ? Buffer.from(webhookSecrets.psp)
      : createHmac('sha256', secret).update('sandbox-psp-webhook-key').digest(),
    openBankingWebhookKey: webhookSecrets.openBanking
      ? Buffer.from(webhookSecrets.openBanking)
      : createHmac('sha256', secret).update('sandbox-open-banking-webhook-key').digest(),
    idvWebhookKey: webhookSecrets.idv
      ? Buffer.from(webhookSecrets.idv)
      : createHmac('sha256', secret).update('sandbox-idv-webhook-key').digest(),
    esignWebhookKey: webhookSecrets.esign
      ? Buffer.from(webhookSecrets.esign)
      : createHmac('sha256', secret).update('sandbox-esign-webhook-key').digest(),
    documentsKey: documents,
    partnerSecretsKey: createHmac('sha256', documents).update('partner-signing-secrets').digest(),
    secondFactorKey: createHmac('sha256', documents).update('second-factor-secrets').digest(),
  }
}

function readOrCreateSecret(
  dataDir: string,
  name = 'jwt-secret',
  bytes = 48,
  encoding: 'base64url' | 'base64' = 'base64url',
): string {
  const file = join(dataDir, name)
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(bytes).toString(encoding)
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' })
  return secret
}

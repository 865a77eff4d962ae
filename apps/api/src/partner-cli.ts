// `npm run partner -- <command>`: registers partners and issues their keys from the command line, on the database the
// app uses (DATABASE_URL, else the embedded PGlite under DATA_DIR; stop a PGlite server first). Decision 111.
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from './config/config'
import { openDatabase } from './db/client'
import { systemClock } from './clock'
import { AppError } from './errors'
import { resolveSecrets } from './secrets'
import { type PartnerService, createPartnerService } from './modules/partners/partners.service'
import { SECRET_OVERLAP_HOURS } from './modules/partners/signing-secrets'

interface Output {
  out(line: string): void
  err(line: string): void
}

const USAGE = [
  'usage: npm run partner -- <command>',
  '  create --slug <slug> --name <name> [--return-url <url>]… [--origin <origin>]… [--webhook-url <url>]',
  '  key --slug <slug> [--label <label>] [--source <ip or cidr>]…',
  '  revoke --key-id <key id>',
  '  secret --slug <slug>',
  '  list',
]

const OPTIONS = {
  slug: { type: 'string' },
  name: { type: 'string' },
  'return-url': { type: 'string', multiple: true },
  origin: { type: 'string', multiple: true },
  'webhook-url': { type: 'string' },
  label: { type: 'string' },
  source: { type: 'string', multiple: true },
  'key-id': { type: 'string' },
} as const

type Options = NonNullable<ReturnType<typeof parsedArgs>>['values']

/** Prints a key that is shown this once. */
function printKey(io: Output, keyId: string, key: string) {
  io.out(`key id: ${keyId}`)
  io.out(`api key: ${key}`)
  io.out(
    'This key is shown only once: store it now. Only its hash is kept; a lost key is revoked and a new one issued.',
  )
}

/** Prints a signing secret that is shown this once. */
function printSecret(io: Output, secret: string) {
  io.out(`signing secret: ${secret}`)
  io.out(
    'This signing secret is shown only once: store it now. It checks the signatures of the notices and of the way back.',
  )
}

/** Registers a partner, issues its first key and makes its first signing secret. */
async function create(partners: PartnerService, options: Options, io: Output) {
  const partner = await partners.createPartner({
    slug: options.slug,
    displayName: options.name,
    returnUrls: options['return-url'] ?? [],
    embeddingOrigins: options.origin ?? [],
    webhookUrl: options['webhook-url'] ?? null,
  })
  const { keyId, key } = await partners.issueApiKey(partner.id, { label: 'first key' })
  const { secret } = await partners.rotateSigningSecret(partner.id)
  io.out(`partner ${partner.slug} created: ${partner.id}`)
  printKey(io, keyId, key)
  printSecret(io, secret)
  return 0
}

/** The partner `--slug` names, or undefined once the tool has said there is none. */
async function partnerNamed(partners: PartnerService, options: Options, io: Output) {
  const partner = options.slug ? await partners.partnerBySlug(options.slug) : undefined
  if (!partner) io.err(`no partner with the slug ${options.slug ?? '(none given)'}`)
  return partner
}

/** Issues one more key to the partner of `--slug` (the next key of a rotation). */
async function key(partners: PartnerService, options: Options, io: Output) {
  const partner = await partnerNamed(partners, options, io)
  if (!partner) return 1
  const issued = await partners.issueApiKey(partner.id, { label: options.label, sources: options.source })
  printKey(io, issued.keyId, issued.key)
  return 0
}

/**
 * Makes the next signing secret of the partner of `--slug`; the one it had keeps signing beside it for
 * `SECRET_OVERLAP_HOURS`, so the partner can move over without a gap.
 */
async function secret(partners: PartnerService, options: Options, io: Output) {
  const partner = await partnerNamed(partners, options, io)
  if (!partner) return 1
  const rotated = await partners.rotateSigningSecret(partner.id)
  io.out(
    `partner ${partner.slug}: new signing secret; the previous one signs beside it for ${SECRET_OVERLAP_HOURS} hours`,
  )
  printSecret(io, rotated.secret)
  return 0
}

async function revoke(partners: PartnerService, options: Options, io: Output) {
  if (!(await partners.revokeApiKey(options['key-id'] ?? ''))) {
    io.err(`no active key with the id ${options['key-id'] ?? '(none given)'}`)
    return 1
  }
  io.out(`key ${options['key-id']} revoked`)
  return 0
}

async function list(partners: PartnerService, _options: Options, io: Output) {
  const all = await partners.listPartners()
  if (all.length === 0) io.out('no partners')
  for (const partner of all) io.out(`${partner.slug}\t${partner.status}\t${partner.id}\t${partner.displayName}`)
  return 0
}

const COMMANDS = { create, key, revoke, secret, list }

/** The command and its options, or undefined for an option the tool does not know. */
function parsedArgs(args: string[]) {
  try {
    return parseArgs({ args, options: OPTIONS, allowPositionals: true })
  } catch {
    return undefined
  }
}

/**
 * Runs one command of the partner tool against the configured database; answers the exit code. A refused input is
 * printed field by field and changes nothing.
 */
export async function runPartnerCommand(
  args: string[],
  io: Output,
  env?: Record<string, string | undefined>,
): Promise<number> {
  const parsed = parsedArgs(args)
  const run = parsed && COMMANDS[parsed.positionals[0] as keyof typeof COMMANDS]
  if (!parsed || !run || parsed.positionals.length > 1) {
    for (const line of USAGE) io.err(line)
    return 2
  }
  const { values } = parsed
  const config = loadConfig(env)
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  )
  const partners = createPartnerService({
    db: database.db,
    clock: systemClock,
    production: config.env === 'production',
    // The key the server seals signing secrets with: derived from the same documents key (decision 112).
    secretsKey: resolveSecrets(config.jwtSecret, config.dataDir, {}, config.documents.encryptionKey).partnerSecretsKey,
  })
  try {
    return await run(partners, values, io)
  } catch (error) {
    if (!(error instanceof AppError) || !error.fields) throw error
    for (const [field, problem] of Object.entries(error.fields)) io.err(`${field}: ${problem}`)
    return 1
  } finally {
    await database.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runPartnerCommand(process.argv.slice(2), { out: console.log, err: console.error }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error)
      process.exit(1)
    },
  )
}

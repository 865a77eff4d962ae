// `npm run operator -- <command>`: the first admin of a fresh install, and a way back in for an admin who lost their
// password or phone, on the database the app uses (DATABASE_URL, else the embedded PGlite under DATA_DIR; stop a
// PGlite server first). Decision 127.
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from './config/config'
import { OPERATOR_ROLES, type OperatorRole } from './db/tables/modules/operator'
import { openDatabase } from './db/client'
import { systemClock } from './clock'
import { AppError } from './errors'
import { resolveSecrets } from './secrets'
import {
  type OperatorAccountDeps,
  createOperator,
  listOperators,
  operatorByLoginName,
  resetOperator,
} from './modules/operator/operator-accounts'
import { configurePasswordHashing } from './modules/accounts/passwords'

interface Output {
  out(line: string): void
  err(line: string): void
}

const USAGE = [
  'usage: npm run operator -- <command>',
  '  create-admin --name <login name> [--role <role>]…   an admin (and the roles given), with a new password',
  '  reset --name <login name>                           a new password; the second factor is set up again',
  '  list',
  `  roles: ${OPERATOR_ROLES.join(', ')}`,
]

const OPTIONS = { name: { type: 'string' }, role: { type: 'string', multiple: true } } as const

type Options = NonNullable<ReturnType<typeof parsedArgs>>['values']

/** Prints a password that is shown this once; it goes to the terminal only, never to a log. */
function printPassword(io: Output, loginName: string, password: string) {
  io.out(`login name: ${loginName}`)
  io.out(`password: ${password}`)
  io.out(
    'This password is shown only once: store it now. Sign in at /operator/login; the first sign-in sets up the authenticator app.',
  )
}

async function createAdmin(deps: OperatorAccountDeps, options: Options, io: Output) {
  const roles = [...new Set(['admin', ...(options.role ?? [])])] as OperatorRole[]
  const made = await createOperator(deps, 'command_line', { loginName: options.name ?? '', roles })
  io.out(`operator ${made.loginName} created with the roles ${roles.join(', ')}`)
  printPassword(io, made.loginName, made.password)
  return 0
}

async function reset(deps: OperatorAccountDeps, options: Options, io: Output) {
  const operator = await operatorByLoginName(deps, options.name ?? '')
  if (!operator) {
    io.err(`no operator with the login name ${options.name ?? '(none given)'}`)
    return 1
  }
  const done = await resetOperator(deps, 'command_line', operator.id)
  io.out(`operator ${done.loginName}: new password; their second factor is removed and their sessions have ended`)
  printPassword(io, done.loginName, done.password)
  return 0
}

async function list(deps: OperatorAccountDeps, _options: Options, io: Output) {
  const all = await listOperators(deps)
  if (all.length === 0) io.out('no operators')
  for (const row of all)
    io.out(
      `${row.loginName}\t${row.roles.join(',')}\t${row.disabledAt ? 'disabled' : row.secondFactorAt ? 'active' : 'no second factor yet'}`,
    )
  return 0
}

const COMMANDS = { 'create-admin': createAdmin, reset, list }

function parsedArgs(args: string[]) {
  try {
    return parseArgs({ args, options: OPTIONS, allowPositionals: true })
  } catch {
    return undefined
  }
}

/**
 * Runs one command of the operator tool against the configured database; answers the exit code. A refused input is
 * printed field by field and changes nothing.
 */
export async function runOperatorCommand(
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
  const config = loadConfig(env)
  // From the command line, the hash threads as the server runs them (a test's app has configured its own).
  if (env === undefined) configurePasswordHashing(config.passwordHashing)
  const database = await openDatabase(
    config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
  )
  const deps: OperatorAccountDeps = {
    db: database.db,
    clock: systemClock,
    secondFactorKey: resolveSecrets(config.jwtSecret, config.dataDir, {}, config.documents.encryptionKey)
      .secondFactorKey,
    issuer: 'operators',
  }
  try {
    return await run(deps, parsed.values, io)
  } catch (error) {
    if (!(error instanceof AppError) || !error.fields) throw error
    for (const [field, problem] of Object.entries(error.fields)) io.err(`${field}: ${problem}`)
    return 1
  } finally {
    await database.close()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runOperatorCommand(process.argv.slice(2), { out: console.log, err: console.error }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error)
      process.exit(1)
    },
  )
}

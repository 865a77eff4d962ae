// One flat config for the workspace. Besides the usual checks it keeps the import directions of the
// style guide: shared imports only zod; api routes never touch the database and services never see
// Fastify; web features never import each other or the app, and components/lib import neither.
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const restrict = (...patterns) => ['error', { patterns }]

/** A relative import that climbs exactly `depth` folders and then goes down elsewhere: a sibling feature. */
const siblingFeature = (depth) => ({
  regex: `^${'\\.\\./'.repeat(depth)}(?!\\.\\.)`,
  message: 'Features never import each other; compose them in app/.',
})
const intoApp = {
  regex: '(^|/)app/',
  message: 'Only app/ composes routes and layouts; import from lib/ or components/ instead.',
}

/**
 * Every table has one owner that alone writes it (style rule 13); the others call its functions. A table written from
 * two places is how a price came to be fixed twice. Reads are free. The owner is named by the file that declares the
 * table (decision 101): `apps/api/src/db/tables/modules/orders.ts` holds the tables of `modules/orders`,
 * `db/tables/providers/psp.ts` those of `providers/psp`; so a new table is covered the moment it exists.
 */
const TABLES = 'apps/api/src/db/tables'
export const TABLE_OWNERS = Object.fromEntries(
  ['modules', 'providers'].flatMap((kind) =>
    readdirSync(join(TABLES, kind))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => [
        `apps/api/src/${kind}/${file.slice(0, -3)}`,
        [...readFileSync(join(TABLES, kind, file), 'utf8').matchAll(/^export const (\w+) = pgTable\(/gm)].map(
          (match) => match[1],
        ),
      ]),
  ),
)
/**
 * The one table with a second writer, named here: `accounts` creates the customer's row and sets the e-mail
 * confirmation and the password; `customers`, which owns it, writes the details, the name and the residence.
 */
const SECOND_WRITERS = { 'apps/api/src/modules/accounts': ['customers'] }
const NO_ENUMS = { selector: 'TSEnumDeclaration', message: 'Use an `as const` array with a zod enum.' }
/** `db.insert(table)`, `tx.update(table)`, `tx.delete(table)` for each table the files do not own. */
const writesOf = (tables) =>
  tables.map((table) => ({
    selector: `CallExpression[callee.property.name=/^(insert|update|delete)$/][arguments.0.name='${table}']`,
    message: `Only the owner of \`${table}\` (named by its file in apps/api/src/db/tables) writes it: call its functions.`,
  }))
const ownedTables = Object.values(TABLE_OWNERS).flat()
const tableOwnership = [
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_ENUMS, ...writesOf(ownedTables)] },
  },
  ...Object.entries(TABLE_OWNERS).map(([folder, own]) => {
    const writes = [...own, ...(SECOND_WRITERS[folder] ?? [])]
    return {
      files: [`${folder}/**/*.ts`],
      ignores: ['**/*.test.ts'],
      rules: {
        'no-restricted-syntax': [
          'error',
          NO_ENUMS,
          ...writesOf(ownedTables.filter((table) => !writes.includes(table))),
        ],
      },
    }
  }),
]

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': ['error', NO_ENUMS],
      // The environment has one door (style rule 10): the configuration reads it once, checks it and hands out the
      // settings; a variable read anywhere else escapes the checks, the production rules and docs/configuration.md.
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read settings from the configuration (apps/api/src/config), not from process.env.',
        },
      ],
    },
  },
  {
    // Where the environment is legitimately read: the configuration folder itself; the test runner's setup; the
    // harnesses that start an api process and hand it its environment (PostgreSQL tests, e2e, benchmarks, the local
    // deployment and its tests); the repository's scripts.
    files: [
      'apps/api/src/config/**/*.ts',
      'vitest.config.ts',
      'e2e/support/app-server.ts',
      'bench/**/*.ts',
      'deploy/**/*.ts',
      'scripts/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  ...tableOwnership,
  {
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict({
        // The ICU message parser reads the catalogs' placeholders for the web's and the mails' checks (decision 129).
        regex: '^(?!zod$|decimal\\.js$|@scure/base$|@noble/hashes/|@messageformat/parser$|\\.{1,2}/)',
        message:
          'shared depends on zod, the decimal library, the address-encoding libraries and the ICU message parser only.',
      }),
    },
  },
  {
    // The api test files of a worker share one module graph (vitest.config.ts, isolate: false, decision 056): a module
    // mock or a stubbed global would leak into the files run after it. Dependencies are passed in instead.
    files: ['apps/api/test*/**/*.ts', 'apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_ENUMS,
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|stubGlobal|stubEnv)$/]",
          message:
            'Api test files share their worker (decision 056): pass a fake in rather than mock a module or global.',
        },
      ],
    },
  },
  {
    files: ['apps/api/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': restrict(
        { regex: '(^|/)db/', message: 'Routes never touch the database: call a service.' },
        { regex: '^drizzle-orm', message: 'Routes never touch the database: call a service.' },
      ),
    },
  },
  {
    files: ['apps/api/src/**/*.service.ts'],
    rules: {
      'no-restricted-imports': restrict({ regex: '^(fastify|@fastify/)', message: 'Services never see Fastify.' }),
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off' },
  },
  {
    // A query's key is built by its api file (decision 110): screens refresh or read it through the file's key
    // function or options, so that a key cannot drift from the query it names.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/features/*/api/**',
      'apps/web/src/back-office/api/**',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/test/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_ENUMS,
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: "Build a query key in the query's api file (features/<f>/api/) and call its key function here.",
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(siblingFeature(1), intoApp) },
  },
  {
    files: ['apps/web/src/features/*/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(siblingFeature(2), intoApp) },
  },
  {
    files: ['apps/web/src/features/*/*/*/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': restrict(siblingFeature(3), intoApp) },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict(
        { regex: '(^|/)features/', message: 'components/ and lib/ sit below the features.' },
        intoApp,
      ),
    },
  },
)

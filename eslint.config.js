// One flat config for the workspace. Besides the usual checks it keeps the import directions of the
// style guide: shared imports only zod; api routes never touch the database and services never see
// Fastify; web features never import each other or the app, and components/lib import neither.
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
 * Every table has one owning module that alone writes it (style rule 13); the others call its functions. A table
 * written from two places is how a price came to be fixed twice. Reads are free.
 */
export const TABLE_OWNERS = {
  orders: ['orders', 'orderEvents'],
  payments: ['payments', 'virtualIbans'],
  intake: ['incomingTransfers', 'webhookEvents'],
  refunds: ['refunds'],
  fulfilment: ['deliveries', 'buyIntents'],
  operator: ['operatorActions'],
  rates: ['rates'],
  sessions: ['sessions'],
  accounts: ['verificationCodes', 'trustedDevices', 'accountEvents'],
  'request-keys': ['requestKeys'],
  'uk-steps': [
    'ukRiskWarningDecisions',
    'ukCoolingOffStarts',
    'ukCoolingOffDecisions',
    'ukCategorisations',
    'ukAssessmentAttempts',
  ],
}
const NO_ENUMS = { selector: 'TSEnumDeclaration', message: 'Use an `as const` array with a zod enum.' }
/** `db.insert(table)`, `tx.update(table)`, `tx.delete(table)` for each table the files do not own. */
const writesOf = (tables) =>
  tables.map((table) => ({
    selector: `CallExpression[callee.property.name=/^(insert|update|delete)$/][arguments.0.name='${table}']`,
    message: `Only the module that owns \`${table}\` writes it (eslint.config.js TABLE_OWNERS): call its functions.`,
  }))
const ownedTables = Object.values(TABLE_OWNERS).flat()
const tableOwnership = [
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_ENUMS, ...writesOf(ownedTables)] },
  },
  ...Object.entries(TABLE_OWNERS).map(([module, own]) => ({
    files: [`apps/api/src/modules/${module}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', NO_ENUMS, ...writesOf(ownedTables.filter((table) => !own.includes(table)))],
    },
  })),
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
    },
  },
  ...tableOwnership,
  {
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict({
        regex: '^(?!zod$|decimal\\.js$|@scure/base$|@noble/hashes/|\\.{1,2}/)',
        message: 'shared depends on zod, the decimal library and the address-encoding libraries only.',
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

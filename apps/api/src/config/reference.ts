import { z } from 'zod'
import { CONCERNS, loadConfig } from './config'
import { CONVENIENCES, PARTIES } from './deployment'

// docs/configuration.md, written from the configuration's own schemas (`npm run docs:config`); reference.test.ts fails
// when the two drift.

export const REFERENCE_FILE = 'docs/configuration.md'
export const REGENERATE = 'npm run docs:config'

interface Property {
  type?: string
  description?: string
  default?: unknown
  shownDefault?: string
  enum?: string[]
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  format?: string
}

const propertiesOf = (schema: z.ZodObject, io: 'input' | 'output') =>
  (z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as { properties: Record<string, Property> }).properties

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ')

function allowed(property: Property): string {
  if (property.enum) return property.enum.map((value) => `\`${value}\``).join(', ')
  const bounds = [
    property.minimum !== undefined && `≥ ${property.minimum}`,
    property.exclusiveMinimum !== undefined && `> ${property.exclusiveMinimum}`,
    property.maximum !== undefined && property.maximum < Number.MAX_SAFE_INTEGER && `≤ ${property.maximum}`,
  ].filter(Boolean)
  if (property.type === 'integer') return ['integer', ...bounds].join(' ')
  if (property.format === 'uri') return 'URL'
  if (property.format === 'uuid') return 'UUID'
  if (property.format === 'starts_with' && property.pattern) return `starts with \`${property.pattern.slice(1, -2)}\``
  if (property.pattern) return `matches \`${property.pattern}\``
  if (property.minLength !== undefined && property.minLength === property.maxLength)
    return `${property.minLength} characters`
  if (property.minLength !== undefined && property.minLength > 1) return `at least ${property.minLength} characters`
  return 'text'
}

function shownDefault(input: Property, output: Property): string {
  if (input.shownDefault ?? output.shownDefault) return input.shownDefault ?? output.shownDefault ?? ''
  const value = input.default ?? output.default
  return value === undefined ? '' : `\`${String(value)}\``
}

/** What production asks of a variable: the parties it sets the mode of, the conveniences it turns on (decision 070). */
function productionRule(name: string, defaults: ReturnType<typeof loadConfig>): string {
  const rules: string[] = []
  for (const party of PARTIES.filter((candidate) => candidate.settings.includes(name)))
    rules.push(
      party.stakes === 'none'
        ? `sets the ${party.name} mode: live in production unless ALLOW_SANDBOX_IN_PRODUCTION`
        : `sets the ${party.name} mode: live in production unless ALLOW_SANDBOX_IN_PRODUCTION; once one money party is live, every party must be`,
    )
  for (const convenience of CONVENIENCES.filter((candidate) => candidate.settings(defaults).includes(name)))
    rules.push(
      `decides ${convenience.name} (refused ${convenience.refusedInProduction ? 'in production and ' : ''}beside a real party: ${convenience.turnOff})`,
    )
  return rules.join('; ')
}

/** The reference as Markdown. */
export function renderConfigurationReference(): string {
  const defaults = loadConfig({})
  const lines = [
    '# Configuration reference',
    '',
    `<!-- Generated from the configuration schemas (apps/api/src/config/config.ts) by \`${REGENERATE}\`; do not edit by hand. -->`,
    '',
    'The api reads these environment variables once at start (`loadConfig`), names every bad one in one message and',
    'refuses to start when the combination is unsafe (decisions 020, 070): in production every party must be live',
    '(unless ALLOW_SANDBOX_IN_PRODUCTION for a shared demo, then behind an operator sign-in), a party that moves real',
    'money needs every other party live, and no development convenience runs beside a party that moves real money or',
    'checks real identities. Yes/no variables take `true`/`1` or `false`/`0`.',
    '',
    ...CONCERNS.map(
      (concern) =>
        `- [${concern.name}](#${concern.name
          .toLowerCase()
          .replace(/[^a-z0-9 -]/g, '')
          .replaceAll(' ', '-')})`,
    ),
  ]
  for (const concern of CONCERNS) {
    const input = propertiesOf(concern.env, 'input')
    const output = propertiesOf(concern.env, 'output')
    lines.push('', `## ${concern.name}`, '', `Read in \`${concern.file}\`.`, '')
    lines.push('| Variable | Default | Allowed | Description | Production |', '| --- | --- | --- | --- | --- |')
    for (const [name, property] of Object.entries(input)) {
      const out = output[name] ?? {}
      lines.push(
        `| \`${name}\` | ${cell(shownDefault(property, out))} | ${cell(allowed(property))} | ${cell(property.description ?? out.description ?? '')} | ${cell(productionRule(name, defaults))} |`,
      )
    }
  }
  return `${lines.join('\n')}\n`
}

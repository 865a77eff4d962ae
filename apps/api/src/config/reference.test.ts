import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { CONCERNS, CONFIG_VARIABLES } from './config'
import { REFERENCE_FILE, REGENERATE, renderConfigurationReference } from './reference'

const ROOT = join(import.meta.dirname, '../../../..')

describe('the configuration reference', () => {
  it('is the one the schemas write', () => {
    const written = readFileSync(join(ROOT, REFERENCE_FILE), 'utf8')
    expect(
      written === renderConfigurationReference(),
      `${REFERENCE_FILE} and the configuration schemas differ: run \`${REGENERATE}\` and commit the file`,
    ).toBe(true)
  })

  it('describes every variable, each read by one concern', () => {
    const declared = CONCERNS.flatMap((concern) => Object.keys(concern.env.shape))
    expect(declared.toSorted()).toEqual([...CONFIG_VARIABLES].toSorted())
    const undescribed = CONCERNS.flatMap((concern) =>
      Object.entries(
        (
          z.toJSONSchema(concern.env, { io: 'input', unrepresentable: 'any' }) as {
            properties: Record<string, { description?: string }>
          }
        ).properties,
      )
        .filter(([, property]) => !property.description)
        .map(([name]) => name),
    )
    expect(undescribed).toEqual([])
  })
})

import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { coreImports, namesInUse, stylesheetsFor, stylesheetsImported } from './mantine-styles'

const STYLES_MODULE = resolve(import.meta.dirname, '../src/app/providers/mantine-styles.ts')

describe("the dashboard's Mantine stylesheets (decision 066)", () => {
  it("are exactly those of the components the app uses and the ones they render, in Mantine's order", () => {
    const imported = stylesheetsImported(readFileSync(STYLES_MODULE, 'utf8'))
    expect(imported).toEqual(stylesheetsFor(namesInUse()))
    // What the screens draw with: each needs its own rules and those of the parts it is made of.
    expect(imported).toEqual(expect.arrayContaining(['Button', 'UnstyledButton', 'Loader', 'Input', 'Combobox']))
    expect(imported.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global'])
  })

  it("follow a component to the ones it renders: Select's rules are its input's, its list's and its popover's", () => {
    expect(stylesheetsFor(['Select'])).toEqual(expect.arrayContaining(['Input', 'Combobox', 'Popover', 'ScrollArea']))
    expect(stylesheetsFor(['Select'])).not.toContain('Button')
    expect(stylesheetsFor(['Button'])).toEqual([
      'baseline',
      'default-css-variables',
      'global',
      'UnstyledButton',
      'Loader',
      'Button',
    ])
  })

  it('read the names a module imports from Mantine, leaving types and other packages out', () => {
    const source = `import { Button, Text as Label, type MantineSize } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import {
  Stack,
  Group,
} from "@mantine/core"`
    expect(coreImports(source)).toEqual(['Button', 'Text', 'Stack', 'Group'])
  })
})

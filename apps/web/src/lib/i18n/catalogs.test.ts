import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { LANGUAGES } from '@exchange/shared/languages'
import { messagePlaceholders as placeholders } from '@exchange/shared/message-placeholders'
import { describe, expect, it } from 'vitest'
import { commonCopyKeys } from '../common-copy'

const SOURCE = join(dirname(fileURLToPath(import.meta.url)), '../..')

/** Every `locales/` folder of the app: one catalog each (decision 129). */
function catalogFolders(folder = SOURCE): string[] {
  const found: string[] = []
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    const path = join(folder, entry.name)
    if (entry.name === 'locales') found.push(path)
    else found.push(...catalogFolders(path))
  }
  return found
}

const read = (folder: string, language: string) =>
  JSON.parse(readFileSync(join(folder, `${language}.json`), 'utf8')) as Record<string, string>

const folders = catalogFolders()

describe('the catalogs', () => {
  it('are found', () => {
    expect(folders.length).toBeGreaterThan(0)
  })

  it.each(folders.map((folder) => [relative(SOURCE, folder), folder]))(
    '%s: every language has every key and no other, each message with the same placeholders',
    (_name, folder) => {
      expect(readdirSync(folder).sort()).toEqual(LANGUAGES.map((language) => `${language}.json`).sort())
      const english = read(folder, 'en')
      const prefix = Object.keys(english)[0]?.split('.')[0]
      for (const key of Object.keys(english))
        expect(key.split('.')[0], `${key} is under its catalog's name`).toBe(prefix)
      for (const language of LANGUAGES) {
        const catalog = read(folder, language)
        expect(Object.keys(catalog).sort(), `${language} keys`).toEqual(Object.keys(english).sort())
        for (const [key, message] of Object.entries(catalog)) {
          expect(message.trim(), `${language} ${key} is translated`).not.toBe('')
          expect(placeholders(message), `${language} ${key}`).toEqual(placeholders(english[key]!))
        }
      }
    },
  )

  it('finds a missing placeholder, a missing plural and a missing tag', () => {
    expect(placeholders('Pay {amount} by {date}')).not.toEqual(placeholders('Zahlen Sie {amount}'))
    expect(placeholders('{n, plural, one {# order of {brand}} other {# orders}}')).not.toEqual(
      placeholders('{n} Aufträge'),
    )
    // Counting where English does not is the translation's choice: the value is the same.
    expect(placeholders('{n} codes are left')).toEqual(placeholders('{n, plural, one {# Code bleibt} other {# Codes}}'))
    expect(placeholders('Read <0>the terms</0>')).not.toEqual(placeholders('Lesen Sie die AGB'))
    expect(placeholders('Pay {amount}')).toEqual(placeholders('Zahlen Sie {amount}'))
  })

  it('carry every shared English text the app shows, word for word', () => {
    const english = read(join(SOURCE, 'lib/locales'), 'en')
    for (const [text, key] of commonCopyKeys()) expect(english[key], key).toBe(text)
  })
})

import { readFileSync } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'
import MessageFormat from '@messageformat/core'
import compileModule from '@messageformat/core/compile-module'
import type { Plugin } from 'vite'

/** A message catalog: flat keys to ICU MessageFormat messages (decision 129). */
export type SourceCatalog = Record<string, string>

const CATALOG = /[\\/]locales[\\/][a-z]{2}\.json$/
const COMPILED_SUFFIX = '.compiled.js'

/**
 * A catalog compiled to a module of functions, one per message, with messageformat: the page runs no parser and no
 * formatting library, only the plural rules of the language when a message counts (decision 129).
 */
export function compileCatalog(language: string, source: SourceCatalog): string {
  return compileModule(new MessageFormat(language), source)
}

/**
 * Catalogs (`…/locales/<language>.json`) are imported as compiled modules: the import resolves to a module of its own
 * (the file's name with `.compiled.js`), which the build and the tests alike load compiled.
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'compiled-catalogs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !CATALOG.test(source)) return null
      return resolve(dirname(importer), source) + COMPILED_SUFFIX
    },
    load(id) {
      if (!id.endsWith(COMPILED_SUFFIX)) return null
      const file = id.slice(0, -COMPILED_SUFFIX.length)
      this.addWatchFile(file)
      const source = JSON.parse(readFileSync(file, 'utf8')) as SourceCatalog
      return { code: compileCatalog(basename(file, '.json'), source), map: null }
    },
  }
}

import type { Language } from '@exchange/shared/languages'
import { use } from 'react'
import { activeLocale } from './locale'

/**
 * The app's texts (decision 129): each part of the app keeps its messages next to its code, in `locales/<language>.json`
 * (flat keys under the part's name to ICU MessageFormat messages, English the source), compiled by the build into
 * functions (build/compiled-catalogs.ts) and loaded on demand, one language at a time, with the screens that show them.
 */

/** A language's messages, or the pseudo-language the tests render to find text cut off (English, accented and longer). */
export type CatalogLanguage = Language | 'pseudo'

/** What `t` takes besides the key: the ICU message's values (numbers already formatted for the locale are strings). */
export type MessageValues = Record<string, string | number>

/** A compiled message: its values in, its text out. */
export type CompiledMessage = (values?: MessageValues) => string
type Messages = Record<string, CompiledMessage>

/** A part's `import.meta.glob('./locales/*.json')`: each language's catalog, imported on demand. */
type Loaders = Record<string, () => Promise<unknown>>

export interface Catalog<Id extends string> {
  readonly area: string
  /** The message of a key in the language in force. Called while rendering, never when a module loads. */
  t: (id: Id, values?: MessageValues) => string
  /** Loads the catalog's messages in a language (once; a second call answers the first's promise). */
  load: (language: CatalogLanguage) => Promise<void>
  isLoaded: (language: CatalogLanguage) => boolean
}

/** A catalog as a loader sees it, whatever its keys. */
export type LoadableCatalog = Omit<Catalog<string>, 't'>

const catalogs: LoadableCatalog[] = []
const messages = new Map<CatalogLanguage, Messages>()
const loaded = new Set<string>()
/** Languages whose every catalog was given at once (the tests' English). */
const complete = new Set<CatalogLanguage>()
let current: CatalogLanguage | undefined
let onMissing = (id: string, language: CatalogLanguage): string => {
  console.warn(`No message "${id}" in ${language}`)
  return id
}

/** The language the catalogs speak now. */
export function catalogLanguage(): CatalogLanguage {
  return current ?? activeLocale().language
}

/** Makes a loaded language the one `t` answers in. */
export function activateCatalogs(language: CatalogLanguage): void {
  current = language
}

function addMessages(language: CatalogLanguage, added: Messages) {
  messages.set(language, { ...messages.get(language), ...added })
}

/**
 * A part's catalog: `loaders` is its `import.meta.glob('./locales/*.json')`; the pseudo-language is made from English.
 * `Source` is the English catalog's type, so that a key the English catalog does not have is a type error.
 */
export function defineCatalog<Source extends Record<string, string>>(
  area: string,
  loaders: Loaders,
): Catalog<Extract<keyof Source, string>> {
  const loading = new Map<CatalogLanguage, Promise<void>>()
  const messagesIn = async (language: Language) => {
    const load = loaders[`./locales/${language}.json`]
    if (!load) throw new Error(`The catalog "${area}" has no ${language} messages`)
    return ((await load()) as { default: Messages }).default
  }
  const fetchMessages = async (language: CatalogLanguage): Promise<Messages> => {
    if (language !== 'pseudo') return messagesIn(language)
    const [{ pseudoMessages }, english] = await Promise.all([import('./pseudo'), messagesIn('en')])
    return pseudoMessages(english)
  }
  const catalog: Catalog<string> = {
    area,
    t(id, values) {
      const language = catalogLanguage()
      const message = messages.get(language)?.[id]
      return message ? message(values) : onMissing(id, language)
    },
    load(language) {
      let promise = loading.get(language)
      if (!promise) {
        promise = fetchMessages(language).then((added) => {
          addMessages(language, added)
          loaded.add(`${language}:${area}`)
        })
        // A failed download (a new deployment, the network) may be tried again.
        promise.catch(() => loading.delete(language))
        loading.set(language, promise)
      }
      return promise
    },
    isLoaded: (language) => complete.has(language) || loaded.has(`${language}:${area}`),
  }
  catalogs.push(catalog)
  return catalog as Catalog<Extract<keyof Source, string>>
}

/**
 * A catalog's `t` for a component: the screen waits (its Suspense boundary's spinner) until the catalog is loaded in the
 * language in force. Routes load their catalogs with their code (`onDemand`), so this wait is the exception.
 */
export function useCatalog<Id extends string>(catalog: Catalog<Id>): Catalog<Id>['t'] {
  const language = catalogLanguage()
  if (!catalog.isLoaded(language)) use(catalog.load(language))
  return catalog.t
}

/** Loads every catalog loaded so far in another language, so that the screens shown switch at once (decision 129). */
export function loadLoadedCatalogs(language: CatalogLanguage, from: CatalogLanguage): Promise<unknown> {
  return Promise.all(catalogs.filter((catalog) => catalog.isLoaded(from)).map((catalog) => catalog.load(language)))
}

/**
 * Every catalog's messages in a language given at once (the tests load English so, from every `locales/en.json`), and
 * what a key without a message does there (the tests fail).
 */
export function loadEveryCatalog(
  language: CatalogLanguage,
  given: Messages,
  missing?: (id: string, language: CatalogLanguage) => string,
): void {
  addMessages(language, given)
  complete.add(language)
  if (missing) onMissing = missing
}

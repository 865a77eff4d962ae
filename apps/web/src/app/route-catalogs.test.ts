import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const APP = dirname(fileURLToPath(import.meta.url))
const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/gm
const CATALOG = /export const (\w+) = defineCatalog<[^>]*>\(\s*'([^']+)'/

function resolve(from: string, spec: string): string | undefined {
  const path = normalize(join(dirname(from), spec))
  return [path, `${path}.ts`, `${path}.tsx`].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile() && !candidate.endsWith('.json'),
  )
}

/** The catalogs (by their `…Catalog` name) that a module and every module it imports define: what it may show. */
function catalogsShownBy(entry: string): Set<string> {
  const seen = new Set<string>()
  const found = new Set<string>()
  const queue = [entry]
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file) || !existsSync(file)) continue
    seen.add(file)
    const source = readFileSync(file, 'utf8')
    const catalog = CATALOG.exec(source)
    if (catalog) found.add(catalog[1]!)
    for (const [, spec] of source.matchAll(IMPORT)) {
      const imported = resolve(file, spec!)
      if (imported) queue.push(imported)
    }
  }
  return found
}

/** What each signed-in route of signed-in-screens.ts asks `onDemand` to load with its code. */
function declaredCatalogs(): Map<string, Set<string>> {
  const source = readFileSync(join(APP, 'signed-in-screens.ts'), 'utf8')
  const routes = new Map<string, Set<string>>()
  for (const [, route, list] of source.matchAll(
    /onDemand\(\s*\(\) => import\('\.\/routes\/([\w-]+)'\)(?:,\s*\[([^\]]*)\])?/g,
  ))
    routes.set(
      route!,
      new Set(
        (list ?? '')
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    )
  return routes
}

/**
 * The first page's catalog is always there; the orders' (7.5 KB in German) is shown on the calculator only with an
 * order in progress, which waits for it then rather than every first visit of /dashboard (decision 129).
 */
const LOADED_WHEN_SHOWN: Record<string, string[]> = { 'calculator-route': ['ordersCatalog'] }

describe('the signed-in routes and their texts (decision 129)', () => {
  const declared = declaredCatalogs()

  it('are found', () => {
    expect(declared.size).toBeGreaterThan(30)
  })

  it.each([...declared.keys()])('%s loads every catalog its screen may show with its code', (route) => {
    const shown = catalogsShownBy(join(APP, 'routes', `${route}.tsx`))
    shown.delete('commonCatalog')
    for (const later of LOADED_WHEN_SHOWN[route] ?? []) shown.delete(later)
    expect([...shown].filter((catalog) => !declared.get(route)!.has(catalog))).toEqual([])
  })
})

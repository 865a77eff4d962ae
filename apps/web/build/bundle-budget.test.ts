import { describe, expect, it } from 'vitest'
import {
  backOfficeApart,
  BUDGETS,
  catalogLanguages,
  gzipBytes,
  measurePage,
  report,
  staticFiles,
  type Manifest,
  type PageBudget,
} from './bundle-budget'

/** index.html imports react and a shared chunk; the dashboard is a dynamic import with its own library chunk. */
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', imports: ['_react.js', '_shared.js'], css: ['assets/index.css'] },
  '_react.js': { file: 'assets/react.js' },
  '_shared.js': { file: 'assets/shared.js', imports: ['_react.js'] },
  'src/dashboard.tsx': {
    file: 'assets/dashboard.js',
    imports: ['index.html', '_mantine.js', '_shared.js'],
    css: ['assets/dashboard.css'],
  },
  '_mantine.js': { file: 'assets/mantine.js', imports: ['_react.js'], css: ['assets/mantine.css'] },
}

const sizes: Record<string, number> = {
  'assets/index.js': 10_000,
  'assets/react.js': 60_000,
  'assets/shared.js': 5_000,
  'assets/dashboard.js': 8_000,
  'assets/mantine.js': 90_000,
  'assets/index.css': 2_000,
  'assets/dashboard.css': 1_000,
  'assets/mantine.css': 30_000,
}
const gzipSize = (file: string) => sizes[file] ?? Number.NaN

const login: PageBudget = { page: '/login', entries: ['index.html'], maxJsGzip: 75_000, maxCssGzip: 2_000 }

describe('bundle budget', () => {
  it('follows static imports from the entry, each file once, without the dynamic imports', () => {
    expect(staticFiles(manifest, ['index.html'])).toEqual({
      js: ['assets/index.js', 'assets/react.js', 'assets/shared.js'],
      css: ['assets/index.css'],
    })
  })

  it('counts every file of several entries once, CSS apart from JavaScript', () => {
    const files = staticFiles(manifest, ['index.html', 'src/dashboard.tsx'])
    expect(files.js.sort()).toEqual([
      'assets/dashboard.js',
      'assets/index.js',
      'assets/mantine.js',
      'assets/react.js',
      'assets/shared.js',
    ])
    expect(files.css.sort()).toEqual(['assets/dashboard.css', 'assets/index.css', 'assets/mantine.css'])
  })

  it('finds a shared chunk by its name', () => {
    const named: Manifest = { ...manifest, '_table-abc.js': { file: 'assets/table-abc.js', name: 'table' } }
    expect(staticFiles(named, ['table']).js).toEqual(['assets/table-abc.js'])
  })

  it('refuses an entry the manifest does not have', () => {
    expect(() => staticFiles(manifest, ['src/missing.tsx'])).toThrow('The manifest has no chunk "src/missing.tsx"')
  })

  it('passes a page at its limit and names what goes over', () => {
    const atLimit = measurePage(manifest, login, gzipSize)
    expect(atLimit.jsGzip).toBe(75_000)
    expect(atLimit.cssGzip).toBe(2_000)
    expect(atLimit.overBudget).toEqual([])

    const over = measurePage(manifest, { ...login, maxJsGzip: 74_999, maxCssGzip: 1_999 }, gzipSize)
    expect(over.overBudget).toEqual(['JavaScript 75.0 KB > 75.0 KB', 'CSS 2.0 KB > 2.0 KB'])
    expect(report([over])).toContain('OVER BUDGET: JavaScript')
  })

  it('lists each file of a page with its size, largest first', () => {
    const lines = report([measurePage(manifest, login, gzipSize)]).split('\n')
    expect(lines[0]).toBe('/login: JavaScript 75.0 KB gzip, CSS 2.0 KB gzip')
    expect(lines[1]).toMatch(/60\.0 KB {2}assets\/react\.js$/)
  })

  it("counts a page's catalogs in one language at a time", () => {
    const withTexts: Manifest = {
      ...manifest,
      'src/lib/locales/de.json.compiled.js': { file: 'assets/de.json.compiled.js' },
      'src/lib/locales/en.json.compiled.js': { file: 'assets/en.json.compiled.js' },
    }
    expect(catalogLanguages(withTexts)).toEqual(['de', 'en'])
    const texts = { ...login, catalogs: ['src/lib'] }
    const size = (file: string) => (file.includes('json') ? 1_500 : gzipSize(file))
    const german = measurePage(withTexts, texts, size, 'de')
    expect(german.page).toBe('/login (de)')
    expect(german.js.map((file) => file.file)).toContain('assets/de.json.compiled.js')
    expect(german.jsGzip).toBe(76_500)
    expect(measurePage(withTexts, texts, size, 'en').js.map((file) => file.file)).not.toContain(
      'assets/de.json.compiled.js',
    )
    expect(() => measurePage(withTexts, texts, size, 'fr')).toThrow('The manifest has no chunk')
  })

  it('measures gzip bytes of real content', () => {
    const repeated = Buffer.from('a'.repeat(10_000))
    expect(gzipBytes(repeated)).toBeGreaterThan(0)
    expect(gzipBytes(repeated)).toBeLessThan(100)
  })

  describe("the back office's entry (decision 134)", () => {
    /** The customer's manifest above, with the back office's entry, its screen, its own chunk and a library it shares. */
    const withBackOffice: Manifest = {
      ...manifest,
      'back-office.html': {
        file: 'assets/back-office.js',
        src: 'back-office.html',
        isEntry: true,
        imports: ['_react-bo.js', '_section.js'],
        dynamicImports: ['src/back-office/screens/queues-screen.tsx'],
        css: ['assets/back-office.css'],
      },
      '_section.js': { file: 'assets/section.js', name: 'section' },
      'src/back-office/screens/queues-screen.tsx': {
        file: 'assets/queues-screen.js',
        src: 'src/back-office/screens/queues-screen.tsx',
        imports: ['_section.js'],
      },
      '_react-bo.js': { file: 'assets/react.js', name: 'react' },
    }

    it("has its own entry, and no page of the customer's loads its code up front", () => {
      expect(backOfficeApart(withBackOffice, [login])).toEqual([])
    })

    it('names a manifest without the entry', () => {
      expect(backOfficeApart(manifest, [login])).toEqual(['The manifest has no entry "back-office.html"'])
    })

    it("names each file of the back office's code a customer's page would load", () => {
      const mixed: Manifest = {
        ...withBackOffice,
        'index.html': { ...withBackOffice['index.html']!, imports: ['_react.js', '_shared.js', '_section.js'] },
      }
      expect(backOfficeApart(mixed, [login])).toEqual(["/login loads the back office's assets/section.js"])
      const screen: Manifest = {
        ...withBackOffice,
        'index.html': {
          ...withBackOffice['index.html']!,
          imports: ['_react.js', 'src/back-office/screens/queues-screen.tsx'],
        },
      }
      expect(backOfficeApart(screen, [login])).toEqual([
        "/login loads the back office's assets/queues-screen.js",
        "/login loads the back office's assets/section.js",
      ])
    })

    it('covers every page of the budget', () => {
      expect(BUDGETS.map((budget) => budget.entries[0])).toEqual(BUDGETS.map(() => 'index.html'))
    })
  })
})

import type { Plugin } from 'vite'

/**
 * What each screen's import fetches at once (decision 119). Vite writes, for every `import()` in the first chunk, the
 * files to fetch with it; a signed-in screen is always drawn inside the signed-in layout, whose own import fetches the
 * libraries (React and the runtime come with the first load; Mantine, its styles and the vendor chunk) and every chunk
 * the layout imports, so a screen's list names only what the layout does not bring. The imports that bring them (the
 * layout, its libraries, the partner area) keep their whole lists. Preloading is only about fetching early: a screen's
 * static imports are fetched by the browser whatever its list says.
 */
const BRINGS_THE_LIBRARIES = /(dashboard-layout-route|dashboard-libraries|partner-area)-/
const LIBRARY = /assets\/(react|mantine|vendor|rolldown-runtime)-/
const LAYOUT_ENTRY = 'src/app/routes/dashboard-layout-route.tsx'

interface BundleChunk {
  type: string
  fileName: string
  facadeModuleId?: string | null
  imports?: string[]
}

export function preloadLists(): { plugin: Plugin; resolveDependencies: (url: string, deps: string[]) => string[] } {
  const layoutBrings = new Set<string>()
  const plugin: Plugin = {
    name: 'preload-lists',
    apply: 'build',
    generateBundle: {
      // Before Vite writes the lists: the chunks the layout loads, followed through their static imports.
      order: 'pre',
      handler(_options, bundle) {
        const chunks = bundle as unknown as Record<string, BundleChunk>
        const layout = Object.values(chunks).find(
          (chunk) => chunk.type === 'chunk' && chunk.facadeModuleId?.endsWith(LAYOUT_ENTRY),
        )
        const visit = (file: string) => {
          if (layoutBrings.has(file)) return
          layoutBrings.add(file)
          for (const imported of chunks[file]?.imports ?? []) visit(imported)
        }
        if (layout) visit(layout.fileName)
      },
    },
  }
  const resolveDependencies = (url: string, deps: string[]) =>
    BRINGS_THE_LIBRARIES.test(url) ? deps : deps.filter((dep) => !LIBRARY.test(dep) && !layoutBrings.has(dep))
  return { plugin, resolveDependencies }
}

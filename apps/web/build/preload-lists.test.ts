import { describe, expect, it } from 'vitest'
import { preloadLists } from './preload-lists'

const chunk = (fileName: string, imports: string[] = [], facadeModuleId: string | null = null) => ({
  type: 'chunk',
  fileName,
  imports,
  facadeModuleId,
})

/** A build of the first chunk, the signed-in layout (with what it imports) and two screens. */
function built() {
  const lists = preloadLists()
  const bundle = Object.fromEntries(
    [
      chunk('assets/index-a.js'),
      chunk(
        'assets/dashboard-layout-route-b.js',
        ['assets/mantine-c.js', 'assets/form-d.js'],
        '/app/src/app/routes/dashboard-layout-route.tsx',
      ),
      chunk('assets/form-d.js', ['assets/validators-e.js']),
      chunk('assets/validators-e.js'),
      chunk('assets/method-route-f.js', ['assets/form-d.js', 'assets/order-facts-g.js']),
      chunk('assets/order-facts-g.js'),
    ].map((one) => [one.fileName, one]),
  )
  const generate = lists.plugin.generateBundle as { handler: (options: unknown, bundle: unknown) => void }
  generate.handler({}, bundle)
  return lists.resolveDependencies
}

describe('what a screen’s import fetches at once', () => {
  it('leaves out the libraries and every chunk the signed-in layout brings', () => {
    const resolve = built()
    const deps = [
      'assets/method-route-f.js',
      'assets/order-facts-g.js',
      'assets/form-d.js',
      'assets/validators-e.js',
      'assets/react-h.js',
      'assets/mantine-c.js',
      'assets/mantine-i.css',
      'assets/vendor-j.js',
      'assets/rolldown-runtime-k.js',
    ]
    expect(resolve('assets/method-route-f.js', deps)).toEqual(['assets/method-route-f.js', 'assets/order-facts-g.js'])
  })

  it('keeps the whole list for what brings them: the layout, its libraries and the partner area', () => {
    const resolve = built()
    const deps = ['assets/form-d.js', 'assets/mantine-c.js', 'assets/mantine-i.css', 'assets/vendor-j.js']
    for (const url of [
      'assets/dashboard-layout-route-b.js',
      'assets/dashboard-libraries-l.js',
      'assets/partner-area-m.js',
    ]) {
      expect(resolve(url, deps)).toEqual(deps)
    }
  })
})

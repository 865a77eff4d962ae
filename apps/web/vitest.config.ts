import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'
import { compiledCatalogs } from './build/compiled-catalogs.ts'

/** The web project of the root vitest config; also runnable alone with `vitest run --root apps/web`. */
export default defineProject({
  plugins: [compiledCatalogs(), react()],
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Form tests type into many fields through jsdom; on a busy 2-core runner that alone can pass 5 s.
    testTimeout: 20_000,
    // The files of a worker share one module graph and jsdom instead of importing React, Mantine and the screens afresh
    // each (decision 056); src/test/setup.ts leaves nothing behind after each test: the page, storage, cookies, timers,
    // mocks, the current order and Mantine's notices.
    isolate: false,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
})

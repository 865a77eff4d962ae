import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { compiledCatalogs } from './build/compiled-catalogs'
import { precompress } from './build/precompress'
import { preloadLists } from './build/preload-lists'

const API_ORIGIN = 'http://localhost:3000'
const preload = preloadLists()
const proxied = ['/v1', '/dev', '/docs', '/healthz', '/sandbox']

export default defineConfig({
  plugins: [compiledCatalogs(), react(), precompress(), preload.plugin],
  build: {
    outDir: 'dist',
    // Read by the bundle budget (build/bundle-budget.ts): which files each page loads before it is usable.
    manifest: true,
    emptyOutDir: true,
    // Every browser the app supports preloads modules itself except Safari before 17, which then loads them as they
    // are imported (slower, not broken): the polyfill's bytes stay out of the first load (decision 110).
    modulePreload: {
      polyfill: false,
      // What a screen's import fetches at once: only what the signed-in layout around it does not bring (decision 119).
      resolveDependencies: preload.resolveDependencies,
    },
    rolldownOptions: {
      output: {
        // Seven characters of hash (the least rolldown allows for this many chunks) rather than eight: every file name
        // is written in the first load's list of what each screen fetches (decision 119).
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        // Libraries change less often than the app: separate chunks stay cached across deployments.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-number-format|clsx)/,
            },
            { name: 'address-checks', test: /node_modules[\\/](@noble|@scure)[\\/]/ },
            // The browser's passkey library, loaded only when a passkey is used or added (decision 124).
            { name: 'webauthn', test: /node_modules[\\/]@simplewebauthn[\\/]/ },
            // The plural rules of the catalogs' messages that count (decision 129): a few hundred bytes of their own,
            // not a part of the libraries a catalog would then load with it.
            { name: 'plurals', test: /node_modules[\\/](@messageformat|make-plural)[\\/]/ },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: API_ORIGIN, changeOrigin: false }])),
      // The operators' pages and api are the api's; the back office's own pages (decision 134) are this server's
      // back-office.html, which is built apart (vite.back-office.config.ts) but served here like any page.
      '/operator': {
        target: API_ORIGIN,
        changeOrigin: false,
        bypass: (request) => (/^\/operator\/app(\/|\?|$)/.test(request.url ?? '') ? '/back-office.html' : undefined),
      },
    },
  },
})

import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './build/precompress'

const API_ORIGIN = 'http://localhost:3000'
const proxied = ['/v1', '/dev', '/docs', '/healthz', '/sandbox']

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    // Read by the bundle budget (build/bundle-budget.ts): which files each page loads before it is usable.
    manifest: true,
    emptyOutDir: true,
    // Every browser the app supports preloads modules itself except Safari before 17, which then loads them as they
    // are imported (slower, not broken): the polyfill's bytes stay out of the first load (decision 110).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deployments.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            {
              name: 'mantine',
              test: /node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-number-format|clsx)/,
            },
            { name: 'vendor', test: /node_modules/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_ORIGIN, changeOrigin: false }])),
  },
})

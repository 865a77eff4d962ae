import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import type { Manifest } from './build/bundle-budget'
import { precompress } from './build/precompress'

const OWN_MANIFEST = '.vite/back-office-manifest.json'

/**
 * The back office's entries join the customer's in `.vite/manifest.json`, the one manifest the bundle budget reads. A key
 * both builds wrote names the same file (its name is its content's hash); a key with two different files is an error.
 */
function mergeManifest(): Plugin {
  let outDir = 'dist'
  return {
    name: 'merge-manifest',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir)
    },
    writeBundle() {
      const customer = join(outDir, '.vite/manifest.json')
      const own = join(outDir, OWN_MANIFEST)
      const merged: Manifest = existsSync(customer) ? (JSON.parse(readFileSync(customer, 'utf8')) as Manifest) : {}
      for (const [key, chunk] of Object.entries(JSON.parse(readFileSync(own, 'utf8')) as Manifest)) {
        if (merged[key] && merged[key].file !== chunk.file) throw new Error(`Both builds wrote manifest key "${key}"`)
        merged[key] = chunk
      }
      writeFileSync(customer, JSON.stringify(merged, null, 2))
      rmSync(own)
    },
  }
}

/**
 * The operators' back office (decision 134): `back-office.html`, built after the customer's app into the same `dist`
 * by a build of its own (`npm run build` runs both). One build of both entries would share chunks between them, and the
 * back office's code would then change the names and contents of the files of the customer's first load; built apart,
 * the customer's files are the same whatever the back office holds.
 */
export default defineConfig({
  plugins: [react(), precompress(), mergeManifest()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    manifest: OWN_MANIFEST,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { 'back-office': 'back-office.html' },
      output: {
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        // The same libraries' chunks as the customer's, by name: a file both builds make alike is one file, cached once.
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
})

// Bundles the api into dist/server.js (the shared workspace inlined, npm dependencies left external)
// and copies the SQL migrations beside it.
import { cpSync, readFileSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

const root = new URL('../', import.meta.url)
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'))

rmSync(new URL('dist', root), { recursive: true, force: true })
await build({
  entryPoints: [new URL('src/server.ts', root).pathname],
  outfile: new URL('dist/server.js', root).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Workspace packages ship TypeScript sources: they are bundled, not loaded at run time.
  external: Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@exchange/')),
  logLevel: 'warning',
})
cpSync(new URL('src/db/migrations', root), new URL('dist/migrations', root), { recursive: true })
console.log('api built: apps/api/dist/server.js')

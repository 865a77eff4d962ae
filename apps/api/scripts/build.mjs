// Bundles the api into dist/server.js (the shared workspace inlined, npm dependencies left external), the password
// hash thread into dist/password-hash.worker.mjs, and copies the SQL migrations beside them.
import { cpSync, readFileSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

const root = new URL('../', import.meta.url)
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'))

rmSync(new URL('dist', root), { recursive: true, force: true })
const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Workspace packages ship TypeScript sources: they are bundled, not loaded at run time.
  external: Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@exchange/')),
  logLevel: 'warning',
}
await build({
  ...options,
  entryPoints: [new URL('src/server.ts', root).pathname],
  outfile: new URL('dist/server.js', root).pathname,
})
// The password hash thread runs a file of its own, which passwords.ts (bundled into server.js) finds beside it.
await build({
  ...options,
  entryPoints: [new URL('src/modules/accounts/password-hash.worker.mjs', root).pathname],
  outfile: new URL('dist/password-hash.worker.mjs', root).pathname,
})
cpSync(new URL('src/db/migrations', root), new URL('dist/migrations', root), { recursive: true })
console.log('api built: apps/api/dist/server.js')

import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  // One file of tables per owner: db/tables/modules/<module>.ts, db/tables/providers/<provider>.ts (decision 101).
  schema: ['./src/db/tables/modules/*.ts', './src/db/tables/providers/*.ts'],
  out: './src/db/migrations',
})

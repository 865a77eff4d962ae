// `npm run docs:config`: writes docs/configuration.md from the configuration's schemas (apps/api/src/config).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REFERENCE_FILE, renderConfigurationReference } from '../apps/api/src/config/reference'

writeFileSync(join(new URL('..', import.meta.url).pathname, REFERENCE_FILE), renderConfigurationReference())
console.log(`wrote ${REFERENCE_FILE}`)

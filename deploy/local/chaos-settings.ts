// The settings of the chaos run's api processes, in one place: what a development deployment with the sandbox parties
// allows (the dev outbox for the e-mailed codes, skipped journey steps), nothing that production or a live party
// would refuse. The topology adds its own (ports, database, Redis, secrets, TRUST_PROXY_HOPS). When the rules for
// development conveniences change, this is the one object to adapt.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The key the simulated bank partner signs its transfer notices with, shared by the app processes and the run. */
export const CHAOS_BANK_SECRET = randomBytes(24).toString('hex')

/**
 * The steps the run's customers are not asked: the identity check (the sandbox's hosted page is a person's choice) and
 * proving the wallet (a signed message per customer). Source of funds, details and the agreement are done through
 * their calls, as a customer does them.
 */
const CHAOS_SKIPPED_STEPS = ['identity', 'wallet']

export function chaosAppSettings(): Record<string, string> {
  // The customers live and call from Switzerland: the brand asks the UK steps by residence (decision 040).
  const brandFile = join(mkdtempSync(join(tmpdir(), 'chaos-brand-')), 'brand.json')
  writeFileSync(brandFile, JSON.stringify({ ukCheckMode: 'residence' }))
  return {
    NODE_ENV: 'development',
    // Warnings and errors only, so that a lost connection or a crash stands out in the processes' logs.
    LOG_LEVEL: 'warn',
    DEV_OUTBOX: 'true',
    TEST_CONTROLS: 'false',
    JOURNEY_SKIP_STEPS: CHAOS_SKIPPED_STEPS.join(','),
    BRAND_FILE: brandFile,
    BANK_WEBHOOK_SECRET: CHAOS_BANK_SECRET,
    // How long a sign-up may queue for its password hash (3 s by default, decision 032). On a loaded two-core machine
    // arrivals outrun the hashes, and each "busy, try again" answer a client honours counts against its e-mail's
    // RATE_LIMIT_EMAIL_PER_15_MINUTES, until sign-up is refused for 15 minutes: the run is about processes dying, not
    // about the hash queue, so it lets hashes queue as bench:load does.
    PASSWORD_HASH_MAX_WAIT_MS: '30000',
    GEOIP_PROVIDER: 'sandbox',
    SANDBOX_GEOIP_COUNTRY: 'CH',
    // The api only: the run calls no page of the web app.
    WEB_DIST_DIR: '/nonexistent-web-dist',
  }
}

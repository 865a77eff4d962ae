import type { TotpSetup } from '@exchange/shared/second-factor.schemas'

/**
 * What the set-up screens hand on (decision 124), kept in memory only, never in storage: the app's secret from otp1 to
 * otp2, and the recovery codes, shown once on otp3. A reload forgets them: otp1 then starts again, otp3 says the codes
 * were shown once.
 */
let setup: TotpSetup | null = null
let recoveryCodes: string[] | null = null

export const setupStore = {
  setup: () => setup,
  keepSetup(next: TotpSetup | null) {
    setup = next
  },
  recoveryCodes: () => recoveryCodes,
  keepRecoveryCodes(next: string[] | null) {
    recoveryCodes = next
  },
}

import type { IntakeDeps, IntakeSteps } from './intake-steps'
import type { TransferEffects } from './transfer-effects'
import type { TransferFactsReader } from './transfer-facts'

/** Everything an operation of payment intake is made of: its dependencies, the shared steps, facts and effects. */
export type IntakeParts = IntakeDeps & IntakeSteps & TransferFactsReader & TransferEffects

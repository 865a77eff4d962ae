import { createContext } from 'react'
import type { BuyCalculatorProps } from '../../features/buy/components/buy-calculator'

/**
 * An order another screen sets in the /dashboard calculator: the partner mode's `/mp-checkout` (decision 116) renders
 * the /dashboard screen itself inside this, so that nothing of it is loaded twice or bundled apart.
 */
export const CalculatorPresetContext = createContext<Pick<BuyCalculatorProps, 'preset' | 'lockedNote' | 'refusalCopy'>>(
  {},
)

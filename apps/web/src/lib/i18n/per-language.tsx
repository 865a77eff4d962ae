import { Fragment, type ReactNode } from 'react'
import { useLanguage } from './language'

/**
 * Its children, rendered again from the start when the customer switches language (decision 129): every text, number
 * and date then follows the new language. What lives outside (the address, the signed-in data's cache) stays.
 */
export function PerLanguage({ children }: { children: ReactNode }) {
  return <Fragment key={useLanguage()}>{children}</Fragment>
}

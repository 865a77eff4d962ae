import { SupportScreen } from '../../features/support/components/support-screen'

/** /dashSupport. */
export function Component() {
  return <SupportScreen />
}

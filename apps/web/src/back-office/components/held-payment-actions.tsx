import { postAction } from '../api/client'
import { ReasonActions } from './reason-actions'

/** A held (or short) payment: its release is asked of a second operator; a refund may be too, above the limit. */
export function HeldPaymentActions({ transferId, refresh }: { transferId: string; refresh: (done: string) => void }) {
  return (
    <ReasonActions
      onDone={refresh}
      actions={[
        {
          label: 'Ask for release',
          done: 'Asked for release.',
          run: (reason) => postAction('/operator/actions/approve-transfer', { transferId, reason }),
        },
        {
          label: 'Refund',
          color: 'red',
          done: 'Refund recorded.',
          run: (reason) => postAction('/operator/actions/refund-transfer', { transferId, reason }),
        },
      ]}
    />
  )
}

import type { ErrorCode } from './errors'
import { ACCOUNT_ERROR_COPY } from './messages'

/**
 * Copy for error codes that have their own message on every screen; the rest fall back to the screen's message. The
 * account screens' part is `ACCOUNT_ERROR_COPY`, in the first load; this file is loaded with the signed-in screens.
 */
export const ERROR_COPY: Partial<Record<ErrorCode, string>> = {
  ...ACCOUNT_ERROR_COPY,
  name_locked:
    'Your name is confirmed and can no longer be changed here. Please contact support if it needs correcting.',
  identity_verified: 'Your identity is already verified.',
  identity_in_review: 'Your identity check is being reviewed. We will e-mail you the result.',
  identity_rejected: 'We could not verify your identity. Please contact support.',
  file_missing: 'Please choose a file to upload.',
  file_type_not_allowed: 'Only JPEG, PNG or PDF files can be uploaded. This file is none of these, whatever its name.',
  file_too_large: 'This file is too large.',
  uploads_busy: 'Too many files are being uploaded right now. Please try again in a moment.',
  file_limit_reached: 'You have uploaded the most files allowed. Please contact support to send more.',
  wallet_challenge_invalid: 'This signing request has expired or was already used. Please ask for a new one.',
  wallet_signature_invalid:
    'The signature does not match this wallet and message. Please sign the message exactly as shown.',
  wallet_signature_required: 'Please prove this wallet with a signed message.',
  wallet_not_proven:
    'This wallet is not proven for this order yet. Prove it with a signed message, or choose another of your wallets.',
  order_busy: 'We are working on this order right now. Please try again in a moment.',
  step_required: 'Before you go on, we need a few more things from you. We will take you there.',
  step_waiting: 'This step is not open yet. We show you when you can go on.',
  step_done: 'You have already completed this step.',
}

import { z } from 'zod'

/**
 * Stable error codes of the api. The web maps codes to copy; it never matches on message text.
 * 'user already exists' is spelled as the spec's sign-up answer requires.
 */
export const ERROR_CODES = [
  'user already exists',
  'invalid_credentials',
  'code_invalid',
  'code_expired',
  'code_attempts_exceeded',
  'resend_too_soon',
  'resend_limit_reached',
  'codes_paused',
  'validation_failed',
  'unknown_brand',
  'order_not_found',
  'wallet_invalid',
  'amount_below_minimum',
  'amount_above_maximum',
  'asset_unavailable',
  'rates_unavailable',
  'price_expired',
  'transition_not_allowed',
  'method_unavailable',
  'provider_unavailable',
  'service_unavailable',
  'details_required',
  'name_locked',
  'identity_verified',
  'identity_in_review',
  'identity_rejected',
  'file_missing',
  'file_type_not_allowed',
  'file_too_large',
  'file_limit_reached',
  'wallet_challenge_invalid',
  'wallet_signature_invalid',
  'wallet_signature_required',
  'step_required',
  'review_not_pending',
  'unauthorized',
  'forbidden',
  'rate_limited',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'internal_error',
] as const
export const ErrorCode = z.enum(ERROR_CODES)
export type ErrorCode = z.infer<typeof ErrorCode>

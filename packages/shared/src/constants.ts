/** Defaults of a new order (spec section 9). */
export const DEFAULT_FIAT = 'eur'
export const DEFAULT_CRYPTO = 'btc'
export const DEFAULT_ORDER_TYPE = 'buy'

/** The sign-up token used when the visitor arrived without an `az` query parameter. */
export const DEFAULT_SIGNUP_TOKEN = 'DIRECT'

export const CODE_LENGTH = 5
export const PASSWORD_MIN_LENGTH = 6
/** argon2 cost grows with input; a generous cap keeps a single request from being a DoS. */
export const PASSWORD_MAX_LENGTH = 128
export const EMAIL_MAX_LENGTH = 254

/** Verification codes (e-mail, login, reset). */
export const CODE_TTL_MINUTES = 10
export const CODE_MAX_ATTEMPTS = 5
export const CODE_RESEND_COOLDOWN_SECONDS = 30
/** Codes an e-mail may ask for per hour, counted for each purpose on its own (confirm e-mail, new-device login, reset). */
export const CODE_HOURLY_CAP = 5
/** Code tries an e-mail may make across all its codes in a day; then codes pause until the day is over. */
export const CODE_DAILY_TRY_BUDGET = 15
/**
 * Code tries one requester (a client address) may make on one e-mail in a day: one address alone cannot pause the
 * e-mail's codes, and a paused requester is paused alone (decision 074).
 */
export const CODE_DAILY_TRY_BUDGET_PER_REQUESTER = 10

/** Screen timers (spec section 9), in milliseconds. */
export const REDIRECT_COUNTDOWN_SECONDS = 5
export const ALERT_MS = { signup: 3000, login: 3000, code: 5000, reset: 5000 } as const
export const UK_BANNER_DELAY_MS = 1500
export const RESET_CODE_TO_PASSWORD_DELAY_MS = 1000

export const MOBILE_MAX_WIDTH_PX = 768

export const JWT_COOKIE_NAME = 'jwtToken'
export const DEFAULT_COOKIE_LIFETIME_HOURS = 24

/** JSON request bodies larger than this answer 413. */
export const MAX_JSON_BODY_BYTES = 64 * 1024

/**
 * The header that makes a call safe to send again (decision 092): one key per customer action, sent again with every
 * retry of it. The calls that take it answer a retry with the first request's answer; others ignore it.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key'
/** Set on an answer that is the kept answer of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed'
/** How long the first answer of a key is kept, at least: a retry within this time gets it. */
export const IDEMPOTENCY_KEY_HOURS = 24

/** The longest parts of an error report the api takes (decision 120); the web cuts to these before it sends. */
export const ERROR_LOG_LIMITS = { message: 500, stack: 4000, path: 200, call: 64, error: 64 } as const

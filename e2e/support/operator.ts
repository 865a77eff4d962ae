/** The operator the e2e server is configured with (OPERATOR_CREDENTIALS), for the operator view's HTTP Basic sign-in. */
export const OPERATOR = { username: 'ops.e2e', password: 'e2e-operator-passphrase' } as const

import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server'
import type { AuthenticatorTransport } from '@simplewebauthn/server'
import type { PasskeyChallenge, PasskeyProof, PasskeyRegistration } from '@exchange/shared/second-factor.schemas'
import type { Database } from '../../db/client'
import { type PasskeyChallengePurpose, passkeyChallenges, passkeys } from '../../db/tables/modules/accounts'
import type { AccountServiceDeps } from './account-deps'

/** A browser has five minutes to answer a passkey request. */
const CHALLENGE_TTL_MS = 5 * 60_000

/**
 * Where passkeys belong (decision 124): the origin the browser shows and its host name as the relying party's id,
 * from PUBLIC_URL when it is set, else from the request (the app and the api share one origin).
 */
export interface PasskeyOrigin {
  origin: string
  rpID: string
}

type PasskeyDeps = Pick<AccountServiceDeps, 'db' | 'clock'>
type PasskeyRow = typeof passkeys.$inferSelect

async function storeChallenge(
  { db, clock }: PasskeyDeps,
  purpose: PasskeyChallengePurpose,
  customerId: string | null,
  challenge: string,
): Promise<string> {
  const now = clock.now()
  const [row] = await db
    .insert(passkeyChallenges)
    .values({ purpose, customerId, challenge, createdAt: now, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) })
    .returning({ id: passkeyChallenges.id })
  return row!.id
}

/** Answers a challenge once: its purpose, its customer, not used, not expired; undefined for anything else. */
async function takeChallenge(
  { clock }: PasskeyDeps,
  tx: Database,
  challengeId: string,
  purpose: PasskeyChallengePurpose,
  customerId: string | null,
): Promise<string | undefined> {
  const [taken] = await tx
    .update(passkeyChallenges)
    .set({ usedAt: clock.now() })
    .where(
      and(
        eq(passkeyChallenges.id, challengeId),
        eq(passkeyChallenges.purpose, purpose),
        customerId === null ? isNull(passkeyChallenges.customerId) : eq(passkeyChallenges.customerId, customerId),
        isNull(passkeyChallenges.usedAt),
        gt(passkeyChallenges.expiresAt, clock.now()),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge })
  return taken?.challenge
}

const transportsOf = (row: { transports: string[] | null }) => (row.transports ?? []) as AuthenticatorTransport[]

/** A customer's id as the passkey's user handle: the 16 bytes of the uuid, nothing personal. */
function userHandleOf(customerId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(customerId.replaceAll('-', ''), 'hex'))
}

/** The request to make a new passkey: discoverable (it can sign in without the e-mail), user verification preferred. */
export async function passkeyRegistrationOptions(
  deps: PasskeyDeps & { rpName: string },
  customer: { id: string; email: string },
  where: PasskeyOrigin,
): Promise<PasskeyChallenge> {
  const existing = await deps.db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.customerId, customer.id))
  const options = await generateRegistrationOptions({
    rpName: deps.rpName,
    rpID: where.rpID,
    userName: customer.email,
    userID: userHandleOf(customer.id),
    challenge: new Uint8Array(randomBytes(32)),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  })
  const challengeId = await storeChallenge(deps, 'register', customer.id, options.challenge)
  return { challengeId, options: options as unknown as Record<string, unknown> }
}

/** Verifies a new passkey against its challenge; answers what to store, or why not. */
export async function verifyPasskeyRegistration(
  deps: PasskeyDeps,
  tx: Database,
  customerId: string,
  input: { challengeId: string; response: PasskeyRegistration },
  where: PasskeyOrigin,
): Promise<
  | { ok: true; credential: { id: string; publicKey: string; counter: number; transports: string[] } }
  | { ok: false; error: 'passkey_challenge_invalid' | 'passkey_invalid' }
> {
  const challenge = await takeChallenge(deps, tx, input.challengeId, 'register', customerId)
  if (!challenge) return { ok: false, error: 'passkey_challenge_invalid' }
  try {
    const verified = await verifyRegistrationResponse({
      response: input.response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: where.origin,
      expectedRPID: where.rpID,
      requireUserVerification: false,
    })
    if (!verified.verified) return { ok: false, error: 'passkey_invalid' }
    const { credential } = verified.registrationInfo
    return {
      ok: true,
      credential: {
        id: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? input.response.response.transports ?? [],
      },
    }
  } catch {
    // A malformed attestation, another origin, an unknown algorithm: the passkey is refused, nothing is stored.
    return { ok: false, error: 'passkey_invalid' }
  }
}

/**
 * A request for an assertion: of the customer's passkeys for a second factor or a re-authentication, of any
 * discoverable passkey for a sign-in (`customerId` null).
 */
export async function passkeyAssertionOptions(
  deps: PasskeyDeps,
  purpose: 'sign_in' | 'second_factor' | 'reauth',
  customerId: string | null,
  where: PasskeyOrigin,
): Promise<PasskeyChallenge> {
  const allowed =
    customerId === null
      ? []
      : await deps.db
          .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
          .from(passkeys)
          .where(eq(passkeys.customerId, customerId))
  const options = await generateAuthenticationOptions({
    rpID: where.rpID,
    challenge: new Uint8Array(randomBytes(32)),
    allowCredentials: allowed.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    userVerification: purpose === 'sign_in' ? 'required' : 'preferred',
  })
  const challengeId = await storeChallenge(deps, purpose, customerId, options.challenge)
  return { challengeId, options: options as unknown as Record<string, unknown> }
}

/**
 * Verifies an assertion (decision 124): its challenge answered once, for its purpose and customer; the passkey one of
 * the customer's (any customer's for a sign-in, which also needs the user verified: the passkey is then both
 * factors); the signature right and its counter moved on. The passkey's counter and last use are stored.
 */
export async function verifyPasskeyAssertion(
  deps: PasskeyDeps,
  tx: Database,
  proof: PasskeyProof,
  context: {
    purpose: 'sign_in' | 'second_factor' | 'reauth'
    customerId: string | null
    webOrigin: PasskeyOrigin | undefined
  },
): Promise<{ ok: true; passkey: PasskeyRow } | { ok: false; error: 'passkey_challenge_invalid' | 'passkey_invalid' }> {
  const challenge = await takeChallenge(deps, tx, proof.challengeId, context.purpose, context.customerId)
  if (!challenge) return { ok: false, error: 'passkey_challenge_invalid' }
  const [passkey] = await tx.select().from(passkeys).where(eq(passkeys.credentialId, proof.response.id))
  if (!passkey || !context.webOrigin) return { ok: false, error: 'passkey_invalid' }
  if (context.customerId !== null && passkey.customerId !== context.customerId)
    return { ok: false, error: 'passkey_invalid' }
  try {
    const verified = await verifyAuthenticationResponse({
      response: proof.response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: context.webOrigin.origin,
      expectedRPID: context.webOrigin.rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.signCount,
        transports: transportsOf(passkey),
      },
      requireUserVerification: context.purpose === 'sign_in',
    })
    if (!verified.verified) return { ok: false, error: 'passkey_invalid' }
    await tx
      .update(passkeys)
      .set({ signCount: verified.authenticationInfo.newCounter, lastUsedAt: deps.clock.now() })
      .where(eq(passkeys.id, passkey.id))
    return { ok: true, passkey }
  } catch {
    return { ok: false, error: 'passkey_invalid' }
  }
}

import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { ripemd160 } from '@noble/hashes/legacy.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base64, bech32, bech32m, utf8 } from '@scure/base'
import { type Input, type Tx, parseFull, parseSimple } from './bip322-encoding'

/**
 * BIP-322 generic signed messages, simple and full, for the native segwit addresses a wallet signs with one or more
 * keys: P2WPKH (`bc1q…`, 20 bytes), P2WSH (`bc1q…`, 32 bytes) whose witness script is one key (`<key> CHECKSIG`) or
 * a bare multisig (`m <keys> n CHECKMULTISIG`), and P2TR (`bc1p…`) spent by its key. Anything else (a taproot script
 * path, time locks, other scripts, proofs of funds with several inputs) is one of BIP-322's "inconclusive" cases,
 * which never prove a wallet here: there is no full script interpreter behind this check.
 * Every function answers false for anything it cannot read, never throws.
 */

const SIGHASH_ALL = 0x01
const OP_0 = 0x00
const OP_RETURN = 0x6a
const OP_CHECKSIG = 0xac
const OP_CHECKMULTISIG = 0xae
const OP_1 = 0x51
const OP_16 = 0x60

const doubleSha256 = (bytes: Uint8Array) => sha256(sha256(bytes))
const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes))

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

function u32le(n: number): Uint8Array {
  return Uint8Array.of(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff)
}

const ZERO_AMOUNT = new Uint8Array(8)

function compactSize(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  if (n <= 0xffff) return Uint8Array.of(0xfd, n & 0xff, n >>> 8)
  return concat(Uint8Array.of(0xfe), u32le(n))
}

const withLength = (bytes: Uint8Array) => concat(compactSize(bytes.length), bytes)

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}

/** BIP-340 tagged hash: sha256(sha256(tag) || sha256(tag) || data). */
function taggedHash(tag: string, data: Uint8Array): Uint8Array {
  const tagHash = sha256(utf8.decode(tag))
  return sha256(concat(tagHash, tagHash, data))
}

export function bip322MessageHash(message: string): Uint8Array {
  return taggedHash('BIP0322-signed-message', utf8.decode(message))
}

type Program = { version: 0 | 1; program: Uint8Array }

/** The witness program of a mainnet native segwit address: bech32 for version 0, bech32m for version 1 (BIP-350). */
export function witnessProgramOf(address: string): Program | undefined {
  const lower = address.toLowerCase()
  if (lower !== address && address.toUpperCase() !== address) return undefined
  try {
    const isV0 = lower.startsWith('bc1q')
    const decoded = isV0
      ? bech32.decode(lower as `${string}1${string}`)
      : bech32m.decode(lower as `${string}1${string}`)
    if (decoded.prefix !== 'bc') return undefined
    const [version, ...words] = decoded.words
    const program = (isV0 ? bech32 : bech32m).fromWords(words)
    if (version === 0 && (program.length === 20 || program.length === 32)) return { version: 0, program }
    if (version === 1 && program.length === 32) return { version: 1, program }
  } catch {
    return undefined
  }
  return undefined
}

function scriptPubKeyOf({ version, program }: Program): Uint8Array {
  return concat(Uint8Array.of(version === 0 ? OP_0 : OP_1, program.length), program)
}

/** Network serialisation without witnesses: what a txid hashes. */
function serializeLegacy(tx: Tx): Uint8Array {
  return concat(
    u32le(tx.version),
    compactSize(tx.inputs.length),
    ...tx.inputs.map((input) =>
      concat(input.prevoutHash, u32le(input.prevoutIndex), withLength(input.scriptSig), u32le(input.sequence)),
    ),
    compactSize(tx.outputs.length),
    ...tx.outputs.map((output) => concat(output.amount, withLength(output.script))),
    u32le(tx.lockTime),
  )
}

/** BIP-322's `to_spend`: an output of value 0 locked by the address's script, committing to the message. */
function toSpendOf(messageHash: Uint8Array, scriptPubKey: Uint8Array): Tx {
  return {
    version: 0,
    inputs: [
      {
        prevoutHash: new Uint8Array(32),
        prevoutIndex: 0xffffffff,
        scriptSig: concat(Uint8Array.of(OP_0, 32), messageHash),
        sequence: 0,
        witness: [],
      },
    ],
    outputs: [{ amount: ZERO_AMOUNT, script: scriptPubKey }],
    lockTime: 0,
  }
}

/** The txid as Bitcoin shows it (byte-reversed double SHA-256), for the BIP's published transaction hashes. */
export function displayTxid(tx: Tx): string {
  return Array.from(doubleSha256(serializeLegacy(tx)).reverse(), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** `to_spend` and the default `to_sign` of a simple signature, for a message and an address. */
export function bip322Transactions(message: string, address: string): { toSpend: Tx; toSign: Tx } | undefined {
  const program = witnessProgramOf(address)
  if (!program) return undefined
  const toSpend = toSpendOf(bip322MessageHash(message), scriptPubKeyOf(program))
  return { toSpend, toSign: toSignOf(toSpend, []) }
}

function toSignOf(toSpend: Tx, witness: Uint8Array[]): Tx {
  return {
    version: 0,
    inputs: [
      {
        prevoutHash: doubleSha256(serializeLegacy(toSpend)),
        prevoutIndex: 0,
        scriptSig: new Uint8Array(),
        sequence: 0,
        witness,
      },
    ],
    outputs: [{ amount: ZERO_AMOUNT, script: Uint8Array.of(OP_RETURN) }],
    lockTime: 0,
  }
}

/**
 * What a wallet signs for a simple BIP-322 signature of `message` by a single-key address: the taproot key-path
 * digest (SIGHASH_DEFAULT) for `bc1p`, the BIP-143 digest for P2WPKH. For signing tools and tests.
 */
export function bip322SimpleDigest(message: string, address: string): Uint8Array | undefined {
  const program = witnessProgramOf(address)
  if (!program || (program.version === 0 && program.program.length !== 20)) return undefined
  const toSpend = toSpendOf(bip322MessageHash(message), scriptPubKeyOf(program))
  const toSign = toSignOf(toSpend, [])
  if (program.version === 1) return taprootKeySighash(toSign, scriptPubKeyOf(program), 0x00)
  return segwitV0Sighash(toSign, concat(Uint8Array.of(0x76, 0xa9, 0x14), program.program, Uint8Array.of(0x88, 0xac)))
}

/** BIP-143: the digest a segwit version 0 input signs, for the one input of `to_sign`, SIGHASH_ALL. */
function segwitV0Sighash(toSign: Tx, scriptCode: Uint8Array): Uint8Array {
  const input = toSign.inputs[0]!
  const hashPrevouts = doubleSha256(concat(input.prevoutHash, u32le(input.prevoutIndex)))
  const hashSequence = doubleSha256(u32le(input.sequence))
  const hashOutputs = doubleSha256(concat(...toSign.outputs.map((o) => concat(o.amount, withLength(o.script)))))
  return doubleSha256(
    concat(
      u32le(toSign.version),
      hashPrevouts,
      hashSequence,
      input.prevoutHash,
      u32le(input.prevoutIndex),
      withLength(scriptCode),
      ZERO_AMOUNT,
      u32le(input.sequence),
      hashOutputs,
      u32le(toSign.lockTime),
      u32le(SIGHASH_ALL),
    ),
  )
}

/** BIP-341: the digest a taproot key-path spend of `to_sign`'s one input signs (no annex). */
function taprootKeySighash(toSign: Tx, spentScript: Uint8Array, hashType: number): Uint8Array {
  const input = toSign.inputs[0]!
  return taggedHash(
    'TapSighash',
    concat(
      Uint8Array.of(0x00, hashType),
      u32le(toSign.version),
      u32le(toSign.lockTime),
      sha256(concat(input.prevoutHash, u32le(input.prevoutIndex))),
      sha256(ZERO_AMOUNT),
      sha256(withLength(spentScript)),
      sha256(u32le(input.sequence)),
      sha256(concat(...toSign.outputs.map((o) => concat(o.amount, withLength(o.script))))),
      Uint8Array.of(0x00),
      u32le(0),
    ),
  )
}

/** A strictly DER-encoded, low-S ECDSA signature with SIGHASH_ALL, by a compressed key. */
function ecdsaValid(signature: Uint8Array, digest: Uint8Array, publicKey: Uint8Array): boolean {
  if (publicKey.length !== 33 || signature.length < 9 || signature[signature.length - 1] !== SIGHASH_ALL) return false
  try {
    return secp256k1.verify(signature.subarray(0, -1), digest, publicKey, { prehash: false, format: 'der', lowS: true })
  } catch {
    return false
  }
}

/** The keys and threshold of `<key> CHECKSIG` (1 of 1) or `m <keys> n CHECKMULTISIG`, compressed keys only. */
function keysOfWitnessScript(script: Uint8Array): { threshold: number; keys: Uint8Array[] } | undefined {
  if (script.length === 35 && script[0] === 33 && script[34] === OP_CHECKSIG)
    return { threshold: 1, keys: [script.subarray(1, 34)] }
  const m = script[0]! - OP_1 + 1
  const last = script.length - 1
  if (script[last] !== OP_CHECKMULTISIG || m < 1 || script[0]! > OP_16) return undefined
  const keys: Uint8Array[] = []
  let at = 1
  while (at < last - 1) {
    if (script[at] !== 33) return undefined
    keys.push(script.subarray(at + 1, at + 34))
    at += 34
  }
  const n = script[at]! - OP_1 + 1
  if (at !== last - 1 || n !== keys.length || n > 16 || m > n) return undefined
  return { threshold: m, keys }
}

/** CHECKMULTISIG: each signature matches a later key than the one before it; NULLFAIL: none may fail. */
function multisigValid(signatures: Uint8Array[], keys: Uint8Array[], digest: Uint8Array): boolean {
  let key = 0
  for (const signature of signatures) {
    while (key < keys.length && !ecdsaValid(signature, digest, keys[key]!)) key += 1
    if (key === keys.length) return false
    key += 1
  }
  return true
}

/** Whether the one input of `to_sign` satisfies the address's script with this witness. */
function witnessSatisfies(program: Program, toSign: Tx, witness: Uint8Array[]): boolean {
  if (program.version === 1) {
    // Key path only: a script-path spend (several items, or an annex) is inconclusive here.
    if (witness.length !== 1) return false
    const signature = witness[0]!
    if (signature.length !== 64 && !(signature.length === 65 && signature[64] === SIGHASH_ALL)) return false
    const digest = taprootKeySighash(toSign, scriptPubKeyOf(program), signature.length === 65 ? SIGHASH_ALL : 0x00)
    try {
      return schnorr.verify(signature.subarray(0, 64), digest, program.program)
    } catch {
      return false
    }
  }
  if (program.program.length === 20) {
    if (witness.length !== 2) return false
    const [signature, publicKey] = witness as [Uint8Array, Uint8Array]
    if (!equalBytes(hash160(publicKey), program.program)) return false
    const scriptCode = concat(Uint8Array.of(0x76, 0xa9, 0x14), program.program, Uint8Array.of(0x88, 0xac))
    return ecdsaValid(signature, segwitV0Sighash(toSign, scriptCode), publicKey)
  }
  const witnessScript = witness[witness.length - 1]
  if (!witnessScript || !equalBytes(sha256(witnessScript), program.program)) return false
  const script = keysOfWitnessScript(witnessScript)
  if (!script) return false
  const digest = segwitV0Sighash(toSign, witnessScript)
  if (script.keys.length === 1 && witnessScript[witnessScript.length - 1] === OP_CHECKSIG)
    return witness.length === 2 && ecdsaValid(witness[0]!, digest, script.keys[0]!)
  // CHECKMULTISIG pops one extra item, which must be empty (NULLDUMMY); CLEANSTACK: nothing else.
  if (witness.length !== script.threshold + 2 || witness[0]!.length !== 0) return false
  return multisigValid(witness.slice(1, -1), script.keys, digest)
}

/** Decodes base64, with or without the "smp" / "ful" prefix some signers put before it. */
function decodeSignature(text: string): { kind: 'simple' | 'full' | 'either'; bytes: Uint8Array } | undefined {
  const trimmed = text.trim()
  const kind = trimmed.startsWith('smp') ? 'simple' : trimmed.startsWith('ful') ? 'full' : 'either'
  try {
    return { kind, bytes: base64.decode(kind === 'either' ? trimmed : trimmed.slice(3)) }
  } catch {
    return undefined
  }
}

/**
 * Checks a BIP-322 signature of `message` by the wallet at `address` (mainnet native segwit). A full signature must
 * be `to_sign` as the BIP fixes it (one input spending `to_spend`, one OP_RETURN output of value 0, version 0 or 2);
 * its lock time and sequence are not checked, as the BIP says, since none of the scripts accepted here reads them.
 */
export function verifyBip322Signature(address: string, message: string, signature: string): boolean {
  const program = witnessProgramOf(address)
  const decoded = decodeSignature(signature)
  if (!program || !decoded || decoded.bytes.length === 0) return false
  const toSpend = toSpendOf(bip322MessageHash(message), scriptPubKeyOf(program))
  if (decoded.kind !== 'full') {
    const witness = parseSimple(decoded.bytes)
    if (witness && witnessSatisfies(program, toSignOf(toSpend, witness), witness)) return true
    if (decoded.kind === 'simple') return false
  }
  const toSign = parseFull(decoded.bytes)
  if (!toSign || toSign.inputs.length !== 1 || (toSign.version !== 0 && toSign.version !== 2)) return false
  const [input] = toSign.inputs as [Input]
  const [output] = toSign.outputs
  if (
    toSign.outputs.length !== 1 ||
    !equalBytes(output!.amount, ZERO_AMOUNT) ||
    !equalBytes(output!.script, Uint8Array.of(OP_RETURN)) ||
    !equalBytes(input.prevoutHash, doubleSha256(serializeLegacy(toSpend))) ||
    input.prevoutIndex !== 0 ||
    input.scriptSig.length !== 0
  )
    return false
  return witnessSatisfies(program, toSign, input.witness)
}

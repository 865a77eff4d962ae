/**
 * The transactions of BIP-322 as bytes: the shape of a transaction and the reading of a signature, simple (a witness
 * stack) or full (a signed transaction). Every reader answers undefined for bytes it cannot read, never throws.
 */

export interface Input {
  prevoutHash: Uint8Array
  prevoutIndex: number
  scriptSig: Uint8Array
  sequence: number
  witness: Uint8Array[]
}

export interface Tx {
  version: number
  inputs: Input[]
  outputs: { amount: Uint8Array; script: Uint8Array }[]
  lockTime: number
}

class Reader {
  at = 0
  constructor(readonly bytes: Uint8Array) {}
  take(n: number): Uint8Array {
    if (n < 0 || this.at + n > this.bytes.length) throw new Error('short')
    const out = this.bytes.subarray(this.at, this.at + n)
    this.at += n
    return out
  }
  u32(): number {
    const b = this.take(4)
    return (b[0]! | (b[1]! << 8) | (b[2]! << 16) | (b[3]! << 24)) >>> 0
  }
  compactSize(): number {
    const first = this.take(1)[0]!
    if (first < 0xfd) return first
    if (first === 0xfd) {
      const b = this.take(2)
      return b[0]! | (b[1]! << 8)
    }
    if (first === 0xfe) return this.u32()
    throw new Error('too large')
  }
  varBytes(): Uint8Array {
    return this.take(this.compactSize())
  }
  get done() {
    return this.at === this.bytes.length
  }
}

function readWitness(reader: Reader): Uint8Array[] {
  const count = reader.compactSize()
  if (count > 100) throw new Error('too many witness items')
  return Array.from({ length: count }, () => reader.varBytes())
}

/** A simple signature: the witness stack alone, consensus encoded. */
export function parseSimple(bytes: Uint8Array): Uint8Array[] | undefined {
  try {
    const reader = new Reader(bytes)
    const witness = readWitness(reader)
    return reader.done && witness.length > 0 ? witness : undefined
  } catch {
    return undefined
  }
}

/** A full signature: the signed `to_sign` transaction in network serialisation, with its witnesses. */
export function parseFull(bytes: Uint8Array): Tx | undefined {
  try {
    const reader = new Reader(bytes)
    const version = reader.u32()
    let segwit = false
    if (bytes[reader.at] === 0x00 && bytes[reader.at + 1] === 0x01) {
      segwit = true
      reader.take(2)
    }
    const inputCount = reader.compactSize()
    if (inputCount === 0 || inputCount > 100) return undefined
    const inputs: Input[] = Array.from({ length: inputCount }, () => ({
      prevoutHash: reader.take(32),
      prevoutIndex: reader.u32(),
      scriptSig: reader.varBytes(),
      sequence: reader.u32(),
      witness: [],
    }))
    const outputCount = reader.compactSize()
    if (outputCount > 100) return undefined
    const outputs = Array.from({ length: outputCount }, () => ({ amount: reader.take(8), script: reader.varBytes() }))
    if (segwit) for (const input of inputs) input.witness = readWitness(reader)
    const lockTime = reader.u32()
    return reader.done ? { version, inputs, outputs, lockTime } : undefined
  } catch {
    return undefined
  }
}

import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/** AES-256-GCM with a fresh 96-bit IV per file; `aad` binds the ciphertext to its row, so rows cannot be swapped. */
export function encryptDocument(key: Buffer, plain: Buffer, aad: string) {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(aad))
  const ciphertext = Buffer.concat([cipher.update(plain), cipher.final()])
  return { iv, authTag: cipher.getAuthTag(), ciphertext }
}

/**
 * The same sealing as `encryptDocument`, fed chunk by chunk as a file arrives, so that the plain file is never held
 * whole. Given the most bytes the file can have (the request's length), the sealed bytes are written into one buffer
 * of that size as they come, instead of being joined at the end into a second copy.
 */
export function startSealing(key: Buffer, aad: string, capacity?: number) {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(aad))
  let target = capacity === undefined ? undefined : Buffer.allocUnsafe(capacity)
  let written = 0
  const chunks: Buffer[] = []
  const keep = (sealed: Buffer) => {
    if (target && written + sealed.length <= target.length) {
      written += sealed.copy(target, written)
      return
    }
    if (target) chunks.push(target.subarray(0, written))
    target = undefined
    chunks.push(sealed)
  }
  return {
    update(plain: Buffer) {
      keep(cipher.update(plain))
    },
    final() {
      keep(cipher.final())
      const ciphertext = target ? target.subarray(0, written) : Buffer.concat(chunks)
      chunks.length = 0
      return { iv, authTag: cipher.getAuthTag(), ciphertext }
    },
  }
}

/** Throws when the key, the row binding or a single byte of the stored file is not what was written. */
export function decryptDocument(
  key: Buffer,
  sealed: { iv: Buffer; authTag: Buffer; ciphertext: Buffer },
  aad: string,
): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.iv)
  decipher.setAAD(Buffer.from(aad))
  decipher.setAuthTag(sealed.authTag)
  return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()])
}

/** Names a key without revealing it: the first 16 hex digits of its SHA-256. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('document-key-id').update(key).digest('hex').slice(0, 16)
}

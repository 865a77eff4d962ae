import type { DocumentMediaType } from '@exchange/shared/documents.schemas'

/**
 * The kind of a file, from its first bytes: the name and the browser's content type are the sender's claim, and a
 * renamed executable or HTML page must not be stored as a photo. JPEG starts FF D8 FF, PNG with its 8-byte
 * signature, PDF with "%PDF-". Anything else answers undefined.
 */
/** The most first bytes `mediaTypeOf` reads (PNG's signature). */
export const SIGNATURE_BYTES = 8

export function mediaTypeOf(bytes: Uint8Array): DocumentMediaType | undefined {
  const starts = (...signature: number[]) =>
    bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte)
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg'
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return 'application/pdf'
  return undefined
}

const EXTENSIONS: Record<DocumentMediaType, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'application/pdf': '.pdf',
}

/**
 * The name to keep and offer back: the customer's, without any path, control or quoting characters, shortened, and
 * ending in the extension of what the file really is.
 */
export function safeFileName(name: string | undefined, mediaType: DocumentMediaType): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()!
    .split('')
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f && !'"<>|:*?'.includes(char))
    .join('')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 100)
  return `${base || 'document'}${EXTENSIONS[mediaType]}`
}

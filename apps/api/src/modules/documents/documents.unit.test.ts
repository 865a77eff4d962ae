import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { decryptDocument, encryptDocument, keyIdOf } from './document-cipher'
import { mediaTypeOf, safeFileName } from './file-types'

describe('mediaTypeOf', () => {
  it('knows JPEG, PNG and PDF by their first bytes, and nothing else', () => {
    expect(mediaTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0]))).toBe('image/jpeg')
    expect(mediaTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png')
    expect(mediaTypeOf(Buffer.from('%PDF-1.4\n'))).toBe('application/pdf')
    expect(mediaTypeOf(Buffer.from('GIF89a'))).toBeUndefined()
    expect(mediaTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined()
    expect(mediaTypeOf(Buffer.from([0xff, 0xd8]))).toBeUndefined()
    expect(mediaTypeOf(Buffer.alloc(0))).toBeUndefined()
  })
})

describe('safeFileName', () => {
  it('drops paths and quoting characters and ends with the real extension', () => {
    expect(safeFileName('../../etc/passwd', 'application/pdf')).toBe('passwd.pdf')
    expect(safeFileName('C:\\Users\\ada\\"id".exe', 'image/png')).toBe('id.png')
    expect(safeFileName('bill.jpeg', 'image/jpeg')).toBe('bill.jpg')
    expect(safeFileName(undefined, 'image/jpeg')).toBe('document.jpg')
    expect(safeFileName('line\nbreak.pdf', 'application/pdf')).toBe('linebreak.pdf')
  })
})

describe('document cipher', () => {
  const key = randomBytes(32)
  const plain = randomBytes(1000)

  it('reads back exactly what it sealed', () => {
    const sealed = encryptDocument(key, plain, 'document:a:customer:b')
    expect(decryptDocument(key, sealed, 'document:a:customer:b').equals(plain)).toBe(true)
  })

  it('refuses another key, another row, and a changed byte', () => {
    const sealed = encryptDocument(key, plain, 'document:a:customer:b')
    expect(() => decryptDocument(randomBytes(32), sealed, 'document:a:customer:b')).toThrow()
    expect(() => decryptDocument(key, sealed, 'document:a:customer:c')).toThrow()
    const tampered = Buffer.from(sealed.ciphertext)
    tampered.writeUInt8(tampered.readUInt8(10) ^ 1, 10)
    expect(() => decryptDocument(key, { ...sealed, ciphertext: tampered }, 'document:a:customer:b')).toThrow()
  })

  it('names a key without giving it away', () => {
    expect(keyIdOf(key)).toMatch(/^[0-9a-f]{16}$/)
    expect(key.toString('hex')).not.toContain(keyIdOf(key))
  })
})

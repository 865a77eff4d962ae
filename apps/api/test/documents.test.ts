import { createHash, randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { documents } from '../src/db/tables/modules/documents'
import { BRAND, type TestApp, buildTestApp, callUser, multipart, signUpVerified } from './support'

let t: TestApp
afterEach(async () => {
  await t?.close()
})

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c489', 'hex'),
  randomBytes(200),
])
const JPEG = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(size - 4)])
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

async function upload(
  token: string | undefined,
  file: { bytes: Buffer; name: string; type?: string } | undefined,
  purpose: string | null = 'identity_document',
) {
  const { payload, contentType } = multipart([
    { name: 'brandName', value: BRAND },
    ...(purpose === null ? [] : [{ name: 'purpose', value: purpose }]),
    ...(file ? [{ name: 'file', value: file.bytes, fileName: file.name, type: file.type ?? 'image/jpeg' }] : []),
  ])
  const response = await t.app.inject({
    method: 'POST',
    url: '/v1/user/uploadFile',
    headers: { 'content-type': contentType, ...(token && { authorization: `Bearer ${token}` }) },
    payload,
  })
  return { status: response.statusCode, body: response.json() }
}

async function download(token: string, id: string) {
  return t.app.inject({
    method: 'GET',
    url: `/v1/user/downloadFile?id=${id}`,
    headers: { authorization: `Bearer ${token}` },
  })
}

describe('uploadFile', () => {
  it('keeps a PNG encrypted at rest and gives the very same bytes back to its owner', async () => {
    t = await buildTestApp()
    const customer = await signUpVerified(t)
    const answer = await upload(customer.token, { bytes: PNG, name: 'passport scan.png', type: 'image/png' })
    expect(answer).toEqual({
      status: 200,
      body: {
        result: true,
        data: {
          id: expect.any(String),
          purpose: 'identity_document',
          fileName: 'passport scan.png',
          mediaType: 'image/png',
          sizeBytes: PNG.length,
          createdAt: expect.any(String),
        },
      },
    })
    const [stored] = await t.db.select().from(documents)
    expect(stored!.ciphertext.equals(PNG)).toBe(false)
    expect(stored!.ciphertext.includes(PNG.subarray(0, 16))).toBe(false)
    expect(stored!.sha256).toBe(createHash('sha256').update(PNG).digest('hex'))

    const back = await download(customer.token, answer.body.data.id)
    expect(back.statusCode).toBe(200)
    expect(back.headers['content-type']).toBe('image/png')
    expect(back.headers['content-disposition']).toContain('attachment; filename="passport scan.png"')
    expect(back.rawPayload.equals(PNG)).toBe(true)
  })

  it('takes a PDF and a JPEG by their bytes, and lists them newest first', async () => {
    t = await buildTestApp()
    const customer = await signUpVerified(t)
    const pdf = await upload(
      customer.token,
      { bytes: PDF, name: 'Zürich payslip.pdf', type: 'application/pdf' },
      'source_of_funds',
    )
    const back = await download(customer.token, pdf.body.data.id)
    expect(back.headers['content-disposition']).toBe(
      `attachment; filename="Z_rich payslip.pdf"; filename*=UTF-8''Z%C3%BCrich%20payslip.pdf`,
    )
    expect(back.rawPayload.equals(PDF)).toBe(true)
    t.clock.advance(1000)
    await upload(
      customer.token,
      { bytes: JPEG(500), name: 'bill', type: 'application/octet-stream' },
      'proof_of_address',
    )
    const list = await callUser(t.app, 'listFiles', customer.token)
    expect(list.body.data.map((file: { fileName: string; purpose: string; mediaType: string }) => file)).toEqual([
      expect.objectContaining({ fileName: 'bill.jpg', purpose: 'proof_of_address', mediaType: 'image/jpeg' }),
      expect.objectContaining({
        fileName: 'Zürich payslip.pdf',
        purpose: 'source_of_funds',
        mediaType: 'application/pdf',
      }),
    ])
  })

  it('refuses a file that is not a JPEG, PNG or PDF even when it is named .jpg, and stores nothing', async () => {
    t = await buildTestApp()
    const customer = await signUpVerified(t)
    const html = Buffer.from('<html><script>alert(1)</script></html>')
    const answer = await upload(customer.token, { bytes: html, name: 'selfie.jpg', type: 'image/jpeg' })
    expect(answer).toEqual({ status: 415, body: { result: false, error: 'file_type_not_allowed' } })
    const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), randomBytes(100)])
    expect((await upload(customer.token, { bytes: elf, name: 'id.jpg' })).body.error).toBe('file_type_not_allowed')
    expect(await t.db.select().from(documents)).toHaveLength(0)
  })

  it('refuses a file over the configured size, and stores nothing', async () => {
    t = await buildTestApp({ env: { DOCUMENTS_MAX_BYTES: '4096' } })
    const customer = await signUpVerified(t)
    const answer = await upload(customer.token, { bytes: JPEG(4097), name: 'big.jpg' })
    expect(answer).toEqual({ status: 413, body: { result: false, error: 'file_too_large' } })
    expect(await t.db.select().from(documents)).toHaveLength(0)
    expect((await upload(customer.token, { bytes: JPEG(4096), name: 'fits.jpg' })).status).toBe(200)
  })

  it('does nothing and answers a failure without a token', async () => {
    t = await buildTestApp()
    const answer = await upload(undefined, { bytes: PNG, name: 'id.png' })
    expect(answer).toEqual({ status: 401, body: { result: false, error: 'unauthorized' } })
    const forged = await upload('not-a-token', { bytes: PNG, name: 'id.png' })
    expect(forged.status).toBe(401)
    expect(await t.db.select().from(documents)).toHaveLength(0)
  })

  it('refuses a missing or unknown purpose, a missing file and a plain JSON body', async () => {
    t = await buildTestApp()
    const customer = await signUpVerified(t)
    expect((await upload(customer.token, { bytes: PNG, name: 'a.png' }, null)).body.error).toBe('validation_failed')
    expect((await upload(customer.token, { bytes: PNG, name: 'a.png' }, 'selfie')).body.error).toBe('validation_failed')
    expect(await upload(customer.token, undefined)).toEqual({
      status: 400,
      body: { result: false, error: 'file_missing' },
    })
    const json = await callUser(t.app, 'uploadFile', customer.token, { purpose: 'identity_document' })
    expect(json).toEqual({ status: 415, body: { result: false, error: 'unsupported_media_type' } })
    expect(await t.db.select().from(documents)).toHaveLength(0)
  })

  it("never shows or gives one customer another customer's file", async () => {
    t = await buildTestApp()
    const owner = await signUpVerified(t)
    const other = await signUpVerified(t)
    const { id } = (await upload(owner.token, { bytes: PNG, name: 'id.png' })).body.data
    const taken = await download(other.token, id)
    expect(taken.statusCode).toBe(404)
    expect(taken.json()).toEqual({ result: false, error: 'not_found' })
    // Exactly like a file that does not exist.
    expect((await download(other.token, '00000000-0000-4000-8000-000000000000')).json()).toEqual(taken.json())
    expect((await callUser(t.app, 'listFiles', other.token)).body).toEqual({ result: true, data: [] })
    expect(await t.db.select().from(documents)).toHaveLength(1)
  })

  it('keeps to the files-per-customer limit, also with uploads in parallel', async () => {
    t = await buildTestApp({ env: { DOCUMENTS_MAX_PER_CUSTOMER: '2', DOCUMENTS_UPLOADS_PER_CUSTOMER: '5' } })
    const customer = await signUpVerified(t)
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => upload(customer.token, { bytes: JPEG(300), name: `page-${i}.jpg` })),
    )
    expect(answers.filter((answer) => answer.body.result === true)).toHaveLength(2)
    expect(answers.filter((answer) => answer.body.error === 'file_limit_reached')).toHaveLength(3)
    expect(await t.db.select().from(documents)).toHaveLength(2)
  })

  it('reads one customer no more uploads at once than allowed: the others are refused, to be sent again', async () => {
    t = await buildTestApp({ env: { DOCUMENTS_UPLOADS_PER_CUSTOMER: '2', DOCUMENTS_UPLOADS_AT_ONCE: '8' } })
    const customer = await signUpVerified(t)
    const other = await signUpVerified(t)
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => upload(customer.token, { bytes: JPEG(300), name: `page-${i}.jpg` })),
      upload(other.token, { bytes: PNG, name: 'id.png' }),
    ])
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 429, 429, 200])
    expect(answers[2]!.body).toEqual({ result: false, error: 'uploads_busy', retryAfterSeconds: 5 })
    expect(await t.db.select().from(documents)).toHaveLength(3)
    // The turns are given back: the customer's next upload is read.
    expect((await upload(customer.token, { bytes: PNG, name: 'again.png' })).status).toBe(200)
  })

  it('lets uploads past the process-wide number wait their turn, and reads every one', async () => {
    t = await buildTestApp({ env: { DOCUMENTS_UPLOADS_AT_ONCE: '1' } })
    const customers = await Promise.all(Array.from({ length: 3 }, () => signUpVerified(t)))
    const answers = await Promise.all(
      customers.map((customer, i) => upload(customer.token, { bytes: JPEG(2000), name: `id-${i}.jpg` })),
    )
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200])
    expect(await t.db.select().from(documents)).toHaveLength(3)
  })

  it('refuses a file that is none of ours from its first bytes, whatever follows', async () => {
    t = await buildTestApp()
    const customer = await signUpVerified(t)
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(100_000)])
    expect(await upload(customer.token, { bytes: zip, name: 'id.jpg' })).toEqual({
      status: 415,
      body: { result: false, error: 'file_type_not_allowed' },
    })
    expect(await t.db.select().from(documents)).toHaveLength(0)
  })
})

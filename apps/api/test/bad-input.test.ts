import { describe, expect, it } from 'vitest'
import {
  codeRequestBudgets,
  codeTryBudgets,
  loginThrottles,
  verificationCodes,
} from '../src/db/tables/modules/accounts'
import { customers } from '../src/db/tables/modules/customers'
import { BRAND, COMPANY, useTestApp } from './support'

const t = useTestApp()

async function noCustomerStored() {
  expect(await t.db.select().from(customers)).toHaveLength(0)
}

describe('bad input gets a clear answer and changes nothing', () => {
  it('malformed JSON answers 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/public/homesignup',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", ',
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ result: false, error: 'validation_failed' })
    await noCustomerStored()
  })

  it('wrong types answer 400 with field messages', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/public/homesignup',
      payload: { email: ['a@b.co'], password: { p: 1 }, token: 7, brandName: BRAND, companyDetails: COMPANY },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({
      result: false,
      error: 'validation_failed',
      fields: { email: 'Email is required', password: 'Password is required' },
    })
    await noCustomerStored()
  })

  it('missing fields answer 400 naming them', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/public/homesignup', payload: { brandName: BRAND } })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().fields)).toEqual(
      expect.arrayContaining(['email', 'password', 'token', 'companyDetails']),
    )
    await noCustomerStored()
  })

  it('a field the call does not take answers 400 naming it, and is not acted on', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/public/homesignup',
      payload: {
        email: 'a@b.co',
        password: 'secret1',
        token: 'DIRECT',
        brandName: BRAND,
        companyDetails: { ...COMPANY, country: 'CH' },
        referrer: 'x',
      },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      result: false,
      error: 'validation_failed',
      fields: { referrer: 'Unknown field', 'companyDetails.country': 'Unknown field' },
    })
    await noCustomerStored()
  })

  it('text with a NUL character or a lone surrogate answers 400 naming the field', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/public/homesignup',
      payload: {
        email: 'a@b.co',
        password: 'secret\u0000',
        token: 'DIRECT',
        brandName: BRAND,
        companyDetails: { name: 'Helvex \ud800', address: COMPANY.address },
      },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toEqual({
      password: 'Text must not contain a NUL character',
      'companyDetails.name': 'Text must be valid Unicode',
    })
    await noCustomerStored()
  })

  it('an empty body answers 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/public/homelogin' })
    expect(response.statusCode).toBe(400)
    expect(response.json().result).toBe(false)
  })

  it('a JSON body over 64 KB answers 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/public/homesignup',
      payload: {
        email: 'a@b.co',
        password: 'secret1',
        token: 'x',
        brandName: BRAND,
        companyDetails: COMPANY,
        padding: 'x'.repeat(65 * 1024),
      },
    })
    expect(response.statusCode).toBe(413)
    expect(response.json()).toEqual({ result: false, error: 'payload_too_large' })
    await noCustomerStored()
  })

  it('a body that is not JSON answers 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/public/homesignup',
      headers: { 'content-type': 'application/xml' },
      payload: '<email/>',
    })
    expect(response.statusCode).toBe(415)
    expect(response.json()).toEqual({ result: false, error: 'unsupported_media_type' })
  })

  it('an unknown call answers 404', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/public/homeDeleteEverything',
      payload: { brandName: BRAND },
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ result: false, error: 'not_found' })
  })

  it('a call with the wrong method answers 405 and names the right one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v1/public/homelogin' })
    expect(response.statusCode).toBe(405)
    expect(response.headers.allow).toBe('POST')
    expect(response.json()).toEqual({ result: false, error: 'method_not_allowed' })
  })

  it('a call for another brand answers 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/public/homesignup',
      payload: {
        email: 'a@b.co',
        password: 'secret1',
        token: 'DIRECT',
        brandName: 'OtherBrand',
        companyDetails: COMPANY,
      },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ result: false, error: 'unknown_brand' })
    await noCustomerStored()
  })

  it('a sign-up token with odd characters answers 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/public/homesignup',
      payload: { email: 'a@b.co', password: 'secret1', token: '<script>', brandName: BRAND, companyDetails: COMPANY },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toHaveProperty('token')
    await noCustomerStored()
  })

  it('a password longer than 128 characters answers 400 before any hashing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/public/homesignup',
      payload: {
        email: 'a@b.co',
        password: 'p'.repeat(129),
        token: 'DIRECT',
        brandName: BRAND,
        companyDetails: COMPANY,
      },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().fields).toEqual({ password: 'Password must be at most 128 characters' })
  })

  it('a user call checks the token before the body: 401 for a bad token and a bad body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/user/getGross',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    })
    expect(response.statusCode).toBe(401)
  })

  /** Each account call with the fields it takes besides the e-mail and the brand. */
  const ACCOUNT_CALLS: Record<string, Record<string, unknown>> = {
    homesignup: { password: 'secret1', token: 'DIRECT', companyDetails: COMPANY },
    homelogin: { password: 'secret1', companyDetails: COMPANY },
    verifycode: { code: '12345' },
    homeresendcode: { companyDetails: COMPANY },
    homeStartResetPassword: { companyDetails: COMPANY },
    homeCheckToken: { code: '12345' },
    homeCompleteResetPassword: { code: '12345', password: 'secret1' },
  }
  const BAD_EMAILS = [
    ['a NUL byte', 'ann\u0000@example.com', 'E-mail contains invisible or control characters; please type it again'],
    ['an escape', 'ann\u001b[31m@example.com', 'E-mail contains invisible or control characters; please type it again'],
    [
      'a bidi override',
      'ann\u202e@example.com',
      'E-mail contains invisible or control characters; please type it again',
    ],
    [
      'a zero-width joiner',
      'ann@exa\u200dmple.com',
      'E-mail contains invisible or control characters; please type it again',
    ],
    [
      'a lone surrogate',
      'ann\ud800@example.com',
      'E-mail contains invisible or control characters; please type it again',
    ],
    [
      'a fullwidth domain',
      'ann@ｅｘａｍｐｌｅ.com',
      'E-mail domain mixes alphabets or uses full-width letters; please type it plainly',
    ],
    [
      'a mixed-script domain',
      'ann@pаypal.com',
      'E-mail domain mixes alphabets or uses full-width letters; please type it plainly',
    ],
  ] as const

  for (const [call, fields] of Object.entries(ACCOUNT_CALLS)) {
    it.each(BAD_EMAILS)(
      `${call} refuses an e-mail with %s: 400 naming the e-mail, nothing stored`,
      async (_, email, message) => {
        const response = await t.app.inject({
          method: 'POST',
          url: `/v1/public/${call}`,
          payload: { email, brandName: BRAND, ...fields },
        })
        expect(response.statusCode).toBe(400)
        expect(response.json()).toEqual({ result: false, error: 'validation_failed', fields: { email: message } })
        await noCustomerStored()
        for (const table of [verificationCodes, codeRequestBudgets, codeTryBudgets, loginThrottles])
          expect(await t.db.select().from(table)).toHaveLength(0)
      },
    )
  }
})

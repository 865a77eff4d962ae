import { describe, expect, it } from 'vitest'
import { captureSignupToken, getSignupToken } from './signup-token'

describe('sign-up token', () => {
  it('is the default constant without an az parameter', () => {
    expect(getSignupToken('')).toBe('DIRECT')
  })

  it('is the az parameter of the address', () => {
    expect(getSignupToken('?az=partner-7')).toBe('partner-7')
  })

  it('survives navigation once the visitor landed with ?az=', () => {
    captureSignupToken('?az=partner-7')
    expect(getSignupToken('')).toBe('partner-7')
  })

  it('ignores an az parameter the api would refuse', () => {
    expect(getSignupToken('?az=%3Cscript%3E')).toBe('DIRECT')
  })
})

import { z } from 'zod'
import { OkAnswer, answerOf, successAnswer } from './answer'
import { AllowedCountryCode } from './countries'
import { BrandName } from './validators'

const NAME = /^[\p{L}\p{M}' .-]+$/u

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`)

/** The customer's details (spec section 3), as the `details` and `confirmdetails` screens collect them. */
export const ClientDetails = z.object({
  firstName: requiredText('First name', 60).regex(NAME, 'First name may hold letters, spaces, apostrophes and dashes'),
  lastName: requiredText('Last name', 60).regex(NAME, 'Last name may hold letters, spaces, apostrophes and dashes'),
  address: requiredText('Address', 120),
  city: requiredText('City', 60),
  postal: requiredText('Postal code', 12).regex(
    /^[A-Za-z0-9 -]+$/,
    'Postal code may hold letters, digits, spaces and dashes',
  ),
  country: AllowedCountryCode,
  /** International format, e.g. +41 44 668 18 00. */
  phone: z
    .string({ error: 'Phone is required' })
    .trim()
    .min(1, 'Phone is required')
    .transform((value) => value.replace(/[\s()-]/g, ''))
    .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, 'Phone must be in international format, e.g. +41 44 668 18 00')),
})
export type ClientDetails = z.infer<typeof ClientDetails>

export const SaveClientDetailsRequest = ClientDetails.extend({ brandName: BrandName })
export type SaveClientDetailsRequest = z.infer<typeof SaveClientDetailsRequest>
export const SaveClientDetailsAnswer = answerOf(OkAnswer)

/** Stored details; every field may still be empty for a customer who has not given them. */
export const StoredClientDetails = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postal: z.string().nullable(),
  country: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string(),
})
export type StoredClientDetails = z.infer<typeof StoredClientDetails>
export const GetClientDetailsAnswer = answerOf(successAnswer({ data: StoredClientDetails }))

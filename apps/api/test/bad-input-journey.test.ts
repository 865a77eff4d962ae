import { beforeAll, describe, expect, it } from 'vitest'
import { questionnaireAnswers, sourceOfFundsAnswers } from '../src/db/tables/modules/due-diligence'
import { BRAND, SOURCE_OF_FUNDS, signUpVerified, useTestApp } from './support'

const t = useTestApp()
let token: string
beforeAll(async () => {
  token = (await signUpVerified(t)).token
})

const QUESTIONNAIRE = {
  politicallyExposed: false,
  highRiskCountryTies: false,
  sourceOfWealth: 'employment',
  sourceOfWealthDetails: 'Salary and savings since 2010',
}

async function post(name: string, payload: unknown, headers: Record<string, string> = {}) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/v1/user/${name}`,
    payload: payload as Record<string, unknown>,
    headers: { authorization: `Bearer ${token}`, ...headers },
  })
  return { status: response.statusCode, body: response.json() }
}

async function nothingStored() {
  expect(await t.db.select().from(sourceOfFundsAnswers)).toHaveLength(0)
  expect(await t.db.select().from(questionnaireAnswers)).toHaveLength(0)
}

/** [what is wrong, the answers sent, the field the answer must name]. */
const BAD_SOURCE_OF_FUNDS: [string, unknown, string][] = [
  ['no declaration', { ...SOURCE_OF_FUNDS, beneficialOwner: undefined }, 'answers.beneficialOwner'],
  ['a declaration refused', { ...SOURCE_OF_FUNDS, beneficialOwner: false }, 'answers.beneficialOwner'],
  ['a declaration as text', { ...SOURCE_OF_FUNDS, beneficialOwner: 'true' }, 'answers.beneficialOwner'],
  ['an unknown income band', { ...SOURCE_OF_FUNDS, incomeBand: 'millions' }, 'answers.incomeBand'],
  ['an empty occupation', { ...SOURCE_OF_FUNDS, occupation: '   ' }, 'answers.occupation'],
  ['an occupation of 101 characters', { ...SOURCE_OF_FUNDS, occupation: 'x'.repeat(101) }, 'answers.occupation'],
  ['a control character', { ...SOURCE_OF_FUNDS, occupation: 'Baker\u0000' }, 'answers.occupation'],
  ['a bidi override', { ...SOURCE_OF_FUNDS, occupation: 'Baker\u202e' }, 'answers.occupation'],
  ['"other" origin without a description', { ...SOURCE_OF_FUNDS, fundsOrigin: 'other' }, 'answers.fundsOriginDetails'],
  ['"other" purpose without a description', { ...SOURCE_OF_FUNDS, purpose: 'other' }, 'answers.purposeDetails'],
  ['a volume as a number', { ...SOURCE_OF_FUNDS, expectedYearlyVolume: 5000 }, 'answers.expectedYearlyVolume'],
  ['PEP as a string', { ...SOURCE_OF_FUNDS, politicallyExposed: 'no' }, 'answers.politicallyExposed'],
  ['no PEP answer', { ...SOURCE_OF_FUNDS, politicallyExposed: null }, 'answers.politicallyExposed'],
  ['answers as a list', [SOURCE_OF_FUNDS], 'answers'],
  ['no answers', undefined, 'answers'],
]

const BAD_QUESTIONNAIRE: [string, unknown, string][] = [
  ['a PEP without details', { ...QUESTIONNAIRE, politicallyExposed: true }, 'answers.pepDetails'],
  [
    'ties without countries',
    { ...QUESTIONNAIRE, highRiskCountryTies: true, highRiskDetails: 'Family' },
    'answers.highRiskCountries',
  ],
  [
    'ties without details',
    { ...QUESTIONNAIRE, highRiskCountryTies: true, highRiskCountries: ['IR'] },
    'answers.highRiskDetails',
  ],
  [
    'a country that is no ISO code',
    { ...QUESTIONNAIRE, highRiskCountryTies: true, highRiskCountries: ['Iran'], highRiskDetails: 'Family' },
    'answers.highRiskCountries.0',
  ],
  [
    '21 countries',
    { ...QUESTIONNAIRE, highRiskCountryTies: true, highRiskCountries: Array(21).fill('IR'), highRiskDetails: 'x' },
    'answers.highRiskCountries',
  ],
  ['an unknown source of wealth', { ...QUESTIONNAIRE, sourceOfWealth: 'lottery!' }, 'answers.sourceOfWealth'],
  ['a description too short', { ...QUESTIONNAIRE, sourceOfWealthDetails: 'work' }, 'answers.sourceOfWealthDetails'],
  [
    'a description too long',
    { ...QUESTIONNAIRE, sourceOfWealthDetails: 'x'.repeat(1001) },
    'answers.sourceOfWealthDetails',
  ],
  [
    'a description as an object',
    { ...QUESTIONNAIRE, sourceOfWealthDetails: { a: 1 } },
    'answers.sourceOfWealthDetails',
  ],
]

describe('source of funds and questionnaire refuse bad input clearly and store nothing', () => {
  it.each(BAD_SOURCE_OF_FUNDS)('saveSourceOfFunds with %s answers 400 naming the field', async (_, answers, field) => {
    const answer = await post('saveSourceOfFunds', { brandName: BRAND, answers })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ result: false, error: 'validation_failed' })
    expect(Object.keys(answer.body.fields)).toContain(field)
    expect(typeof answer.body.fields[field]).toBe('string')
    await nothingStored()
  })

  it.each(BAD_QUESTIONNAIRE)('saveQuestionnaire with %s answers 400 naming the field', async (_, answers, field) => {
    const answer = await post('saveQuestionnaire', { brandName: BRAND, answers })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ result: false, error: 'validation_failed' })
    expect(Object.keys(answer.body.fields)).toContain(field)
    await nothingStored()
  })

  it('the messages read as sentences a customer understands', async () => {
    const answer = await post('saveSourceOfFunds', {
      brandName: BRAND,
      answers: { ...SOURCE_OF_FUNDS, beneficialOwner: false, fundsOrigin: 'other' },
    })
    expect(answer.body.fields).toEqual({
      'answers.beneficialOwner': 'Please confirm that you are the beneficial owner of the assets',
    })
    const other = await post('saveSourceOfFunds', {
      brandName: BRAND,
      answers: { ...SOURCE_OF_FUNDS, fundsOrigin: 'other' },
    })
    expect(other.body.fields).toEqual({ 'answers.fundsOriginDetails': 'Please describe where the money comes from' })
    await nothingStored()
  })

  for (const call of [
    'saveSourceOfFunds',
    'saveQuestionnaire',
    'getSourceOfFunds',
    'getQuestionnaire',
    'journeyStatus',
  ]) {
    it(`${call}: malformed JSON, another brand, and no token are refused without a 500`, async () => {
      const malformed = await t.app.inject({
        method: 'POST',
        url: `/v1/user/${call}`,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: '{"answers": ',
      })
      expect(malformed.statusCode).toBe(400)
      expect(malformed.json()).toEqual({ result: false, error: 'validation_failed' })
      const otherBrand = await post(call, { brandName: 'OtherBrand', answers: SOURCE_OF_FUNDS })
      expect(otherBrand).toEqual({ status: 400, body: { result: false, error: 'unknown_brand' } })
      const noToken = await post(call, { brandName: BRAND, answers: SOURCE_OF_FUNDS }, { authorization: '' })
      expect(noToken.status).toBe(401)
      expect(noToken.body.result).toBe(false)
      const huge = await post(call, { brandName: BRAND, answers: { occupation: 'x'.repeat(70 * 1024) } })
      expect(huge.status).toBe(413)
      await nothingStored()
    })
  }
})

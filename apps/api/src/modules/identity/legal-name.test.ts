import { describe, expect, it } from 'vitest'
import { sameLegalName } from './legal-name'

const document = { firstName: 'Zoë Augusta', lastName: "O'BRIEN-LOVELACE" }

describe('the declared name against the name on the verified document', () => {
  it('agrees whatever the accents, case, order and a missing middle name', () => {
    expect(sameLegalName({ firstName: 'Zoe', lastName: "O'Brien-Lovelace" }, document)).toBe(true)
    expect(sameLegalName({ firstName: 'zoë augusta', lastName: 'obrien-lovelace' }, document)).toBe(true)
    expect(sameLegalName({ firstName: "O'Brien-Lovelace", lastName: 'Zoe' }, document)).toBe(true)
  })

  it("disagrees for another person's name, a name part not on the document, or the first name alone", () => {
    expect(sameLegalName({ firstName: 'Victor', lastName: 'Person' }, document)).toBe(false)
    expect(sameLegalName({ firstName: 'Zoe', lastName: 'Smith' }, document)).toBe(false)
    expect(sameLegalName({ firstName: 'Zoe Maria', lastName: "O'Brien-Lovelace" }, document)).toBe(false)
    expect(sameLegalName({ firstName: 'Zoe', lastName: 'Augusta' }, document)).toBe(false)
    expect(sameLegalName({ firstName: '-', lastName: '.' }, document)).toBe(false)
  })
})

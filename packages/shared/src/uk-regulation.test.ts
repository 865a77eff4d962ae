import { describe, expect, it } from 'vitest'
import { UK_CATEGORISATION_STATEMENTS, UK_RISK_BANNER, UK_RISK_SUMMARY, personalRiskWarning } from './uk-regulation'

describe('UK regulatory copy', () => {
  it('keeps the banner wording of COBS 4.12A exactly', () => {
    expect(UK_RISK_BANNER.text).toBe(
      "Don't invest unless you're prepared to lose all the money you invest. This is a high-risk investment and you should not expect to be protected if something goes wrong.",
    )
    expect(UK_RISK_BANNER.linkText).toBe('Take 2 mins to learn more')
  })

  it('holds the five key risks with the FSCS and FOS links, and a recorded reason for each version', () => {
    expect(UK_RISK_SUMMARY.sections.map((section) => section.heading)).toEqual([
      'You could lose all the money you invest',
      'You should not expect to be protected if something goes wrong',
      'You may not be able to sell your investment when you want to',
      'Cryptoasset investments can be complex',
      "Don't put all your eggs in one basket",
    ])
    const links = UK_RISK_SUMMARY.sections.flatMap((section) =>
      section.points.flatMap((point) => ('link' in point && point.link ? [point.link.href] : [])),
    )
    expect(links).toEqual([
      'https://www.fscs.org.uk/check/investment-protection-checker/',
      'https://www.financial-ombudsman.org.uk/consumers',
    ])
    expect(UK_RISK_SUMMARY.amendments.map((amendment) => amendment.version)).toContain(UK_RISK_SUMMARY.version)
  })

  it('personalises the risk warning of section 3 with the full name, word for word', () => {
    expect(personalRiskWarning('Ada Lovelace')).toBe(
      "Ada Lovelace, this is a high-risk investment. How would you feel if you lost the money you're about to invest?",
    )
  })

  it('offers only the three categories of section 3, with their questions and acceptance', () => {
    const { version: _version, signature: _signature, ...categories } = UK_CATEGORISATION_STATEMENTS
    expect(Object.keys(categories)).toEqual(['restricted', 'high_net_worth', 'certified_sophisticated'])
    expect(categories.restricted.questions.investedUnderTenPercent).toBe(
      'A) In the past twelve months have you invested less than 10% of your net assets in high-risk investments (as defined above)?',
    )
    expect(categories.high_net_worth.questions.incomeOver100k).toMatch(/^A\) an annual income of £100,000 or more\?/)
    for (const category of Object.values(categories))
      expect(category.acceptance).toMatch(/I am aware that it is open to me to seek professional advice/)
  })
})

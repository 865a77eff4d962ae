/**
 * Regulatory copy of uk-regulation.md, kept as versioned content: a correction bumps the version
 * and records why, without touching the screens that show it.
 */
// The banner's text lives apart, so the first page a visitor loads carries it without the rest (decision 051).
export { UK_RISK_BANNER } from './uk-risk-banner'

export interface RiskSummarySection {
  heading: string
  points: { text: string; link?: { label: string; href: string } }[]
}

export const UK_RISK_SUMMARY = {
  version: '2023-10-08.1',
  amendments: [{ version: '2023-10-08.1', reason: 'First publication (COBS 4 Annex 1R).' }],
  readingTime: 'Estimated reading time: 2 min',
  intro:
    'Due to the potential for losses, the Financial Conduct Authority (FCA) considers this investment to be high risk.',
  title: 'What are the key risks?',
  sections: [
    {
      heading: 'You could lose all the money you invest',
      points: [
        {
          text: 'The performance of most cryptoassets can be highly volatile, with their value dropping as quickly as it can rise. You should be prepared to lose all the money you invest in cryptoassets.',
        },
        {
          text: 'The cryptoasset market is largely unregulated. There is a risk of losing money or any cryptoassets you purchase due to risks such as cyber-attacks, financial crime and firm failure.',
        },
      ],
    },
    {
      heading: 'You should not expect to be protected if something goes wrong',
      points: [
        {
          text: "The Financial Services Compensation Scheme (FSCS) doesn't protect this type of investment because it's not a 'specified investment' under the UK regulatory regime – in other words, this type of investment isn't recognised as the sort of investment that the FSCS can protect. Learn more by using the FSCS investment protection checker here.",
          link: {
            label: 'FSCS investment protection checker',
            href: 'https://www.fscs.org.uk/check/investment-protection-checker/',
          },
        },
        {
          text: 'The Financial Ombudsman Service (FOS) will not be able to consider complaints related to this firm. Learn more about FOS protection here.',
          link: { label: 'FOS protection', href: 'https://www.financial-ombudsman.org.uk/consumers' },
        },
      ],
    },
    {
      heading: 'You may not be able to sell your investment when you want to',
      points: [
        {
          text: 'There is no guarantee that investments in cryptoassets can be easily sold at any given time. The ability to sell a cryptoasset depends on various factors, including the supply and demand in the market at that time.',
        },
        {
          text: 'Operational failings such as technology outages, cyber-attacks and comingling of funds could cause unwanted delay and you may be unable to sell your cryptoassets at the time you want.',
        },
      ],
    },
    {
      heading: 'Cryptoasset investments can be complex',
      points: [
        {
          text: 'Investments in cryptoassets can be complex, making it difficult to understand the risks associated with the investment.',
        },
        {
          text: 'You should do your own research before investing. If something sounds too good to be true, it probably is.',
        },
      ],
    },
    {
      heading: "Don't put all your eggs in one basket",
      points: [
        {
          text: 'Putting all your money into a single type of investment is risky. Spreading your money across different investments makes you less dependent on any one to do well.',
        },
        { text: 'A good rule of thumb is not to invest more than 10% of your money in high-risk investments.' },
      ],
    },
  ] satisfies RiskSummarySection[],
} as const

/**
 * The personalised risk warning of `prk` (uk-regulation.md section 3): `{fullName}` is the customer's full name as the
 * api knows it. "Leave" and "Continue" have equal prominence; nothing pre-selects either.
 */
export const UK_PERSONAL_RISK_WARNING = {
  version: '2023-10-08.1',
  text: "{fullName}, this is a high-risk investment. How would you feel if you lost the money you're about to invest?",
  linkText: 'Take 2 mins to learn more',
  choices: { leave: 'Leave', continue: 'Continue' },
} as const

/** The warning as the customer reads it, with their name. */
export function personalRiskWarning(fullName: string): string {
  return UK_PERSONAL_RISK_WARNING.text.replace('{fullName}', fullName)
}

/** Hours between the customer's first request to buy and the first time they may buy (COBS 4.12A.35G). */
export const UK_COOLING_OFF_HOURS = 24

/** The cooling-off screen: why the customer waits, and the question once the wait is over. */
export const UK_COOLING_OFF = {
  version: '2023-10-08.1',
  explanation:
    'As a new customer in the UK you have a 24-hour cooling-off period, which started when you first asked to buy. It gives you time to think about whether this high-risk investment is right for you. You can buy once it ends.',
  question: 'Your cooling-off period is over. Do you want to continue or leave?',
  choices: { leave: 'Leave', continue: 'Continue' },
} as const

export const UK_INVESTOR_CATEGORIES = ['restricted', 'high_net_worth', 'certified_sophisticated'] as const
export type UkInvestorCategory = (typeof UK_INVESTOR_CATEGORIES)[number]

/** Months a signed categorisation statement stays valid; then the customer signs again. */
export const UK_CATEGORISATION_VALID_MONTHS = 12
/** Years within which a sophisticated investor's certificate must have been issued. */
export const UK_CERTIFICATE_VALID_YEARS = 3

/**
 * The categorisation statements of `prst` (uk-regulation.md section 3, firm copy), word for word. Self-certified
 * sophisticated investors are not offered for cryptoassets. Each part is the question the customer answers.
 */
export const UK_CATEGORISATION_STATEMENTS = {
  version: '2023-10-08.1',
  restricted: {
    title: 'Restricted investor',
    statement:
      'Putting all your money into a single business or type of investment is risky. Spreading your money across different investments makes you less dependent on any one to do well. You should not invest more than 10% of your net assets in high-risk investments. Doing so could expose you to significant losses. For the purposes of this statement, net assets do NOT include: your home (primary residence), your pension (or any pension withdrawals) or any rights under qualifying contracts of insurance. For the purposes of this statement high-risk investments are: peer-to-peer (P2P) loans; investment based crowdfunding; units in a long-term asset fund; cryptoassets (such as bitcoin); cryptoasset exchange traded notes; and unlisted debt and equity (such as in companies not listed on an exchange like the London Stock Exchange). Please confirm whether you qualify as a restricted investor on the basis that A and B apply to you.',
    questions: {
      investedUnderTenPercent:
        'A) In the past twelve months have you invested less than 10% of your net assets in high-risk investments (as defined above)?',
      willLimitToTenPercent:
        'B) In the next twelve months do you intend to limit your investment in high-risk investments (as defined above) to less than 10% of your net assets?',
    },
    acceptance:
      'I accept that being a restricted investor will expose me to promotions for investment where there is a risk of losing all the money I invest. I am aware that it is open to me to seek professional advice before making any investment in a high-risk investment.',
  },
  high_net_worth: {
    title: 'High net worth investor',
    statement:
      'You will qualify as a high net worth investor on the basis that A or B apply to you. In the last financial year did you have:',
    questions: {
      incomeOver100k:
        'A) an annual income of £100,000 or more? Income does NOT include any one off pension withdrawals',
      netAssetsOver250k:
        'B) net assets of £250,000 or more? Net assets do NOT include: your home (primary residence), your pension (or any pension withdrawals) or any rights under qualifying contracts of insurance.',
    },
    acceptance:
      'I accept that being a high net worth investor will expose me to promotions for investment where there is a significant risk of losing all the money I invest. I am aware that it is open to me to seek professional advice before making any investment in a high-risk investment.',
  },
  certified_sophisticated: {
    title: 'Certified sophisticated investor',
    statement:
      'You will qualify as a sophisticated investor on the basis that, in the last three years, you have received a certificate from an authorised firm confirming you understand the risks involved with cryptoassets.',
    questions: {
      certified:
        'In the last three years, have you received a certificate from an authorised firm confirming you understand the risks involved with cryptoassets?',
      firmName: 'The name of the authorised firm that certified you',
      certificateDate: 'The date of the certificate',
    },
    acceptance:
      'I accept that being a sophisticated investor will expose me to promotions for investment where there is a significant risk of losing all the money I invest. I am aware that it is open to me to seek professional advice before making any investment in a high-risk investment.',
  },
  signature: 'Type your full name to sign this statement',
} as const satisfies Record<UkInvestorCategory, unknown> & { version: string; signature: string }

/**
 * Regulatory copy of uk-regulation.md, kept as versioned content: a correction bumps the version
 * and records why, without touching the screens that show it.
 */
export const UK_RISK_BANNER = {
  version: '2023-10-08.1',
  text: "Don't invest unless you're prepared to lose all the money you invest. This is a high-risk investment and you should not expect to be protected if something goes wrong.",
  linkText: 'Take 2 mins to learn more',
} as const

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

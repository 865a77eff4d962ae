import type { AgreementWords } from './agreement-words'

/** The customer agreement in English: the source every translation follows (decision 044, 131). */
export const AGREEMENT_EN: AgreementWords = {
  title: (us) => `Customer agreement with ${us}`,
  versionLabel: 'Version',
  confirmation: (us, version) =>
    `I have read the customer agreement with ${us}, version ${version}, including its risks. I agree to it, and I confirm that I act in my own name and for my own account.`,
  keyTerms: ({ name: us }) => [
    {
      heading: 'What we do',
      paragraphs: [
        `${us} sells you cryptoassets for money you pay from an account in your own name, and sends them to a wallet you have shown to be yours. We do not keep cryptoassets or money for you.`,
      ],
    },
    {
      heading: 'Prices and fees',
      paragraphs: [
        'Each order shows the price, our fee and the amount you receive before you pay. The price holds for a limited time; the fee schedule on our website is part of this agreement.',
      ],
    },
    {
      heading: 'Risks',
      paragraphs: [
        'Cryptoassets are highly volatile and you can lose all the money you spend on them. They are not covered by any deposit guarantee or investor compensation scheme. We give no investment advice.',
      ],
    },
    {
      heading: 'Checks we must make',
      paragraphs: [
        'Swiss anti-money-laundering law obliges us to identify you, ask where your money comes from and check your wallet. We may hold, refuse or reverse an order until these checks are done, and we must report suspicions to the authorities.',
      ],
    },
    {
      heading: 'Ending the agreement',
      paragraphs: [
        'You may end this agreement at any time by writing to us; we may end it with 30 days’ notice, or at once for an important reason. Orders already paid are completed or refunded.',
      ],
    },
    {
      heading: 'Law and courts',
      paragraphs: [
        'Swiss law applies. The courts of Zug, Switzerland, decide disputes, unless the law gives you another court.',
      ],
    },
  ],
  services: (company) => {
    const us = company.name
    return [
      {
        heading: '1. Parties',
        paragraphs: [
          `This agreement is made between ${us}, ${company.address} (“we”, “us”), a company limited by shares (Aktiengesellschaft) under Swiss law, and the person who signs it (“you”). You act in your own name and for your own account.`,
        ],
      },
      {
        heading: '2. Our services',
        paragraphs: [
          'We sell cryptoassets to you for fiat money. Each purchase is an order: you choose the cryptoasset, the amount and the wallet, we show you a price, and the order is binding once your payment reaches us while the price holds.',
          'We do not provide investment advice, portfolio management, lending, staking or any other service beyond the purchase and delivery described here.',
        ],
      },
      {
        heading: '3. Prices and fees',
        paragraphs: [
          'The price of an order, our fee and the amount of cryptoasset you receive are shown before you pay. The fee schedule published on our website at the time of the order forms part of this agreement. Fees of your bank or card issuer are yours.',
          'If your payment arrives after the price has run out, we buy at the price on arrival or ask you first, as the order screens explain, or we refund you.',
        ],
      },
      {
        heading: '4. Payment',
        paragraphs: [
          'You pay only from an account or card in your own name. We return payments from third parties, less the costs of returning them.',
        ],
      },
      {
        heading: '5. Delivery and custody',
        paragraphs: [
          'We send the cryptoasset to the wallet address named in your order, once your payment and our checks are complete. We do not hold cryptoassets or money for you: after delivery the cryptoasset is in a wallet that you alone control.',
          'You are responsible for the address you give and for keeping your wallet’s keys safe. A transfer on a blockchain cannot be reversed; cryptoassets sent to a wrong address you gave are lost.',
        ],
      },
      {
        heading: '6. Risks',
        paragraphs: [
          'The value of cryptoassets can fall sharply and to nothing, within minutes. They are not legal tender, are not backed by a state or central bank, and are not protected by a deposit guarantee or an investor compensation scheme.',
          'Networks can be congested, forked or attacked, and laws on cryptoassets can change. Buy only with money you can afford to lose entirely.',
        ],
      },
    ]
  },
  relationship: (company) => [
    {
      heading: '7. Our duties under anti-money-laundering law',
      paragraphs: [
        'As a financial intermediary under the Swiss Anti-Money Laundering Act, we must identify you, establish the beneficial owner of the money, ask about its origin, check your wallets and examine unusual transactions more closely.',
        'You give us complete and true information and tell us of changes. We may hold, refuse or refund an order, or end this agreement, when information is missing or a check fails, and we must report suspicions to the Money Laundering Reporting Office Switzerland (MROS) without telling you.',
      ],
    },
    {
      heading: '8. Your account',
      paragraphs: [
        'Keep your login details secret. We treat what is done with them as done by you until you tell us they may be known to someone else.',
      ],
    },
    {
      heading: '9. Liability',
      paragraphs: [
        'We are liable for damage we cause intentionally or by gross negligence. Otherwise, and for losses from price movements, network failures or wrong addresses you gave, our liability is excluded as far as the law permits.',
      ],
    },
    {
      heading: '10. Data protection',
      paragraphs: [
        'We process your personal data as our privacy notice describes, and keep records of your identity and your orders for ten years after the relationship ends, as Swiss law requires.',
      ],
    },
    {
      heading: '11. Changes to this agreement',
      paragraphs: [
        'We may change this agreement. A new version applies to orders started after you have signed it; until then you cannot start a new order.',
      ],
    },
    {
      heading: '12. Termination',
      paragraphs: [
        `You may end this agreement at any time by writing to ${company.supportEmail}. We may end it with 30 days’ notice, or at once for an important reason, such as a failed check under section 7. Orders paid before the end are completed or refunded.`,
      ],
    },
    {
      heading: '13. Governing law and courts',
      paragraphs: [
        'This agreement is governed by Swiss law, excluding its rules on conflicts of laws. The courts of the Canton of Zug, Switzerland, have jurisdiction, subject to mandatory rules that give a consumer the right to sue at their place of residence.',
      ],
    },
  ],
}

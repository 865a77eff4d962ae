import type { UkAssessmentArea, UkAssessmentTopic, UkAssetType } from '@exchange/shared/uk-steps.schemas'

/**
 * The appropriateness assessment of `prquest` (uk-regulation.md section 3, COBS 10 Annex 4G), kept in the api alone:
 * the web receives the questions and options, never which option is right. Every set asks one question on each topic,
 * and no question appears in two sets, so a retake asks different questions. A text changes only with a new version;
 * each attempt stores the version, the set and every question as asked.
 */

export interface AssessmentOption {
  id: string
  text: string
}

export interface AssessmentQuestion {
  id: string
  topic: UkAssessmentTopic
  text: string
  options: readonly AssessmentOption[]
  /** The id of the right option: never leaves the api. */
  correct: string
}

export interface AssessmentSet {
  id: string
  questions: readonly AssessmentQuestion[]
}

/** The broad area each topic belongs to: a failed attempt names areas, never questions (no per-answer feedback). */
export const AREA_OF_TOPIC: Record<UkAssessmentTopic, UkAssessmentArea> = {
  total_loss: 'losing_money',
  volatility: 'losing_money',
  selling: 'losing_money',
  diversification: 'losing_money',
  rights_and_ownership: 'protection',
  firm_failure: 'protection',
  no_fscs_or_fos: 'protection',
  firm_role: 'how_it_works',
  complexity: 'how_it_works',
  operational_and_crime: 'how_it_works',
}

const q = (
  id: string,
  topic: UkAssessmentTopic,
  text: string,
  options: [string, string, string, string],
  correct: 'a' | 'b' | 'c' | 'd',
): AssessmentQuestion => ({
  id,
  topic,
  text,
  options: options.map((option, index) => ({ id: 'abcd'[index] ?? '', text: option })),
  correct,
})

const SET_A: AssessmentSet = {
  id: 'A',
  questions: [
    q(
      'A1',
      'firm_role',
      'What does this exchange do for you when you buy cryptoassets?',
      [
        'It advises you which cryptoassets suit your savings goals',
        'It sells you cryptoassets at the price shown and sends them to your own wallet; it gives no advice',
        'It manages a portfolio of cryptoassets on your behalf',
        'It keeps your cryptoassets in a deposit account that earns interest',
      ],
      'b',
    ),
    q(
      'A2',
      'rights_and_ownership',
      'Once your purchase has been delivered, who controls the cryptoassets?',
      [
        'The exchange, which holds them for you',
        'The Financial Conduct Authority',
        'You, through the wallet whose keys you hold',
        'The bank that took your payment',
      ],
      'c',
    ),
    q(
      'A3',
      'total_loss',
      'How much of the money you invest in cryptoassets could you lose?',
      [
        'At most 10%, because prices are capped',
        'At most half, because the exchange guarantees the rest',
        'Nothing, as long as you hold them for a year',
        'All of it',
      ],
      'd',
    ),
    q(
      'A4',
      'complexity',
      'Why can cryptoasset investments be hard to understand?',
      [
        'Their value depends on technology, market behaviour and rules that can be difficult to assess',
        'They are priced only once a year',
        'They can only be bought through a financial adviser',
        'Their price is set by the Bank of England',
      ],
      'a',
    ),
    q(
      'A5',
      'volatility',
      'What does it mean that cryptoasset prices are volatile?',
      [
        'They only ever rise over time',
        'Their value can fall as quickly as it can rise, sometimes within hours',
        'They move in line with the pound sterling',
        'They change only when the exchange decides',
      ],
      'b',
    ),
    q(
      'A6',
      'operational_and_crime',
      'If you lose the private keys of your wallet, what happens to the cryptoassets in it?',
      [
        'The exchange can restore them from a backup',
        'Your bank refunds their value',
        'You will most likely lose access to them for good',
        'They are sent back to the exchange automatically',
      ],
      'c',
    ),
    q(
      'A7',
      'firm_failure',
      'If a cryptoasset firm fails while it still holds your money or cryptoassets, what could happen?',
      [
        'You could lose some or all of what it held for you',
        'A government scheme repays you in full',
        'The Financial Ombudsman Service pays you compensation',
        'Your cryptoassets are moved to another firm at no risk',
      ],
      'a',
    ),
    q(
      'A8',
      'selling',
      'What decides whether you can sell your cryptoassets when you want to?',
      [
        'The exchange, which must buy them back at the price you paid',
        'A rule that every sale completes within one working day',
        'Only the day of the week',
        'Demand in the market and whether the systems involved work at that time',
      ],
      'd',
    ),
    q(
      'A9',
      'no_fscs_or_fos',
      'Which protection applies to your cryptoasset investment if something goes wrong?',
      [
        'The Financial Services Compensation Scheme, up to £85,000',
        'You should not expect FSCS protection, and the Financial Ombudsman Service cannot consider complaints about this firm',
        'The exchange insures every purchase against loss',
        'The Financial Ombudsman Service refunds any loss',
      ],
      'b',
    ),
    q(
      'A10',
      'diversification',
      'What is a sensible rule of thumb for how much of your money to put into high-risk investments such as cryptoassets?',
      [
        'Put all of it into the cryptoasset that rose most last year',
        'At least half, to benefit from growth',
        'Not more than 10%',
        'Whatever is left after borrowing as much as you can',
      ],
      'c',
    ),
  ],
}

const SET_B: AssessmentSet = {
  id: 'B',
  questions: [
    q(
      'B1',
      'firm_role',
      'Which of these does this exchange NOT do?',
      [
        'Tell you whether a cryptoasset is a good investment for you',
        'Show you the price and fees before you buy',
        'Send the cryptoassets you bought to your wallet',
        'Check your identity before your first purchase is delivered',
      ],
      'a',
    ),
    q(
      'B2',
      'rights_and_ownership',
      'What does owning a cryptoasset give you?',
      [
        'A share in the exchange that sold it',
        'A claim on the Bank of England for its purchase price',
        'The right to a fixed yearly interest payment',
        'Control of a digital asset through its keys, with no promise that anyone will buy it back at a given price',
      ],
      'd',
    ),
    q(
      'B3',
      'total_loss',
      'You invest £1,000 in a cryptoasset. What is the worst outcome you should be prepared for?',
      [
        'Getting back £900',
        'Getting back £500',
        'Losing the whole £1,000',
        'Getting back the £1,000 after a waiting period',
      ],
      'c',
    ),
    q(
      'B4',
      'complexity',
      'What should you do before buying a cryptoasset you do not fully understand?',
      [
        'Buy a small amount first, since small amounts carry no risk',
        'Do your own research, and remember that if something sounds too good to be true it probably is',
        'Rely on posts on social media that promise high returns',
        'Ask the exchange to guarantee the return',
      ],
      'b',
    ),
    q(
      'B5',
      'volatility',
      'A cryptoasset rose 40% last month. What does this tell you about next month?',
      [
        'It will rise again by about the same amount',
        'It cannot fall below last month’s price',
        'Its price will stay where it is now',
        'Nothing reliable: it could fall just as sharply',
      ],
      'd',
    ),
    q(
      'B6',
      'operational_and_crime',
      'Which of these is a risk you face when investing in cryptoassets?',
      [
        'Cyber-attacks, scams and fraud that can cause you to lose your cryptoassets',
        'A limit on how many times a year you can look at prices',
        'A yearly fee charged by the FCA on every wallet',
        'Your cryptoassets turning into pounds automatically',
      ],
      'a',
    ),
    q(
      'B7',
      'firm_failure',
      'Why does it matter whether a cryptoasset firm could fail?',
      [
        'It does not matter: failed firms must return every customer’s money',
        'Only the firm’s staff are affected by a failure',
        'Money or cryptoassets it holds for you at that time may be lost, and no scheme has to repay you',
        'The FSCS repays customers of failed cryptoasset firms',
      ],
      'c',
    ),
    q(
      'B8',
      'selling',
      'The market for a cryptoasset suddenly has few buyers. What could happen when you try to sell?',
      [
        'You may not be able to sell when you want, or only at a much lower price',
        'The exchange must buy it at yesterday’s price',
        'The sale goes through at the price you paid',
        'The FCA buys it from you',
      ],
      'a',
    ),
    q(
      'B9',
      'no_fscs_or_fos',
      'You believe you lost money on a cryptoasset through this firm. Which statement is right?',
      [
        'The Financial Services Compensation Scheme will repay you',
        'The Financial Ombudsman Service will decide your complaint',
        'The exchange is obliged to compensate any fall in price',
        'Neither the FSCS nor the Financial Ombudsman Service is expected to help you',
      ],
      'd',
    ),
    q(
      'B10',
      'diversification',
      'Why spread your money across different types of investment?',
      [
        'It guarantees a profit',
        'It makes you less dependent on any one investment doing well',
        'It removes all risk of loss',
        'It is required before buying cryptoassets',
      ],
      'b',
    ),
  ],
}

const SET_C: AssessmentSet = {
  id: 'C',
  questions: [
    q(
      'C1',
      'firm_role',
      'Whose decision is it to buy a cryptoasset through this exchange?',
      [
        'The exchange’s, based on your profile',
        'Yours alone: the exchange carries out your order without advising you',
        'The FCA’s, which approves each purchase',
        'Your bank’s, which checks the investment is suitable',
      ],
      'b',
    ),
    q(
      'C2',
      'rights_and_ownership',
      'Your cryptoassets have been sent to your own wallet. Who can move them?',
      [
        'Whoever holds the wallet’s private keys, which should be only you',
        'The exchange, at any time',
        'The FCA, on request',
        'Anyone who knows your e-mail address',
      ],
      'a',
    ),
    q(
      'C3',
      'total_loss',
      'Which statement about investing in cryptoassets is true?',
      [
        'The amount you invest is protected up to £50,000',
        'Losses are limited to the fees you pay',
        'You should be prepared to lose all the money you invest',
        'The exchange refunds losses above 20%',
      ],
      'c',
    ),
    q(
      'C4',
      'complexity',
      'What makes the risks of a cryptoasset difficult to judge?',
      [
        'Its price is published only by the government',
        'Nothing: every cryptoasset carries the same, known risk',
        'It is regulated like a savings account',
        'The technology, the market and how the asset is issued can be complex and are often poorly explained',
      ],
      'd',
    ),
    q(
      'C5',
      'volatility',
      'How quickly can the value of a cryptoasset change?',
      [
        'Very quickly: large rises and falls can happen within a day',
        'Slowly, by at most 1% a month',
        'Only when interest rates change',
        'Never, once bought',
      ],
      'a',
    ),
    q(
      'C6',
      'operational_and_crime',
      'What is "comingling" of funds, one of the operational risks of cryptoasset firms?',
      [
        'Buying two cryptoassets in one order',
        'A firm mixing customers’ assets with its own, which can delay or prevent their return',
        'Paying for cryptoassets with two bank cards',
        'A wallet holding more than one cryptoasset',
      ],
      'b',
    ),
    q(
      'C7',
      'firm_failure',
      'Who covers your loss if a cryptoasset firm holding your money goes out of business?',
      [
        'The Financial Services Compensation Scheme',
        'The Bank of England',
        'Most likely nobody: you could lose what the firm held for you',
        'The other customers of the firm',
      ],
      'c',
    ),
    q(
      'C8',
      'selling',
      'What can delay the sale of your cryptoassets?',
      [
        'Nothing: sales always complete instantly',
        'Only public holidays',
        'A price rise',
        'Technology outages, cyber-attacks and a lack of buyers in the market',
      ],
      'd',
    ),
    q(
      'C9',
      'no_fscs_or_fos',
      'Why does the Financial Services Compensation Scheme not protect cryptoassets?',
      [
        'Because they are not a "specified investment" under the UK regulatory regime',
        'Because the exchange has opted out on your behalf',
        'It does protect them, up to £85,000',
        'Because the FSCS only protects investments bought online',
      ],
      'a',
    ),
    q(
      'C10',
      'diversification',
      'You have £20,000 of savings. Which approach follows the usual guidance on high-risk investments?',
      [
        'Put all £20,000 into one cryptoasset',
        'Put £15,000 into cryptoassets and keep £5,000',
        'Borrow another £20,000 to invest in cryptoassets',
        'Invest no more than about £2,000 in high-risk investments such as cryptoassets',
      ],
      'd',
    ),
  ],
}

/** Every asset the exchange sells is a cryptoasset; a new asset type would get question sets of its own. */
export const UK_ASSESSMENTS: Record<
  UkAssetType,
  { version: string; passMark: number; sets: readonly AssessmentSet[] }
> = {
  cryptoasset: { version: 'ukq-2025-01', passMark: 8, sets: [SET_A, SET_B, SET_C] },
}

// What a test customer says about themself, kept apart from the test app so that scripts outside the tests
// (bench/load.ts) send the same answers.

export const COMPANY = { name: 'Helvex Digital Markets AG', address: 'Baarerstrasse 14, 6300 Zug, Switzerland' }

/** Source-of-funds answers of an ordinary customer: nothing in them asks for enhanced checks. */
export const SOURCE_OF_FUNDS = {
  beneficialOwner: true,
  employmentStatus: 'employed',
  occupation: 'Software engineer, banking',
  incomeBand: '100k_250k',
  fundsOrigin: 'salary',
  purpose: 'investment',
  expectedYearlyVolume: '1k_10k',
  politicallyExposed: false,
  highRiskCountryTies: false,
} as const

/** Details of a customer whose name matches the sample payer name "Ada Lovelace". */
/** The name a tester confirms on the sandbox identity page for Ada: the name on her "document". */
export const DOCUMENT_NAME = { firstName: 'Ada', lastName: 'Lovelace' }

export const ADA_DETAILS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: 'Bahnhofstrasse 1',
  city: 'Zürich',
  postal: '8001',
  country: 'CH',
  phone: '+41446681800',
}

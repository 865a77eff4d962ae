/** The words of the customer agreement in one language (decision 131): each language's text is its own version. */

/** The company that is party to the agreement, as the brand names it. */
export interface AgreementCompany {
  name: string
  address: string
  supportEmail: string
}

export interface AgreementSection {
  heading: string
  paragraphs: string[]
}

export interface AgreementWords {
  title: (companyName: string) => string
  /** "Version" before the version's id in the plain text. */
  versionLabel: string
  confirmation: (companyName: string, version: string) => string
  /** The key terms, in a few lines each (the `disclaimer` screen). */
  keyTerms: (company: AgreementCompany) => AgreementSection[]
  /** Sections 1 to 6: who we are, what we sell, at what price, how it is paid and delivered, and its risks. */
  services: (company: AgreementCompany) => AgreementSection[]
  /** Sections 7 to 13: our duties, the account, liability, data, changes, termination and the law. */
  relationship: (company: AgreementCompany) => AgreementSection[]
}

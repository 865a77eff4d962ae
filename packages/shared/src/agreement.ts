import { AGREEMENT_DE } from './agreement-de'
import { AGREEMENT_EN } from './agreement-en'
import { AGREEMENT_FR } from './agreement-fr'
import { AGREEMENT_IT } from './agreement-it'
import type { AgreementCompany, AgreementSection, AgreementWords } from './agreement-words'
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages'

export type { AgreementCompany, AgreementSection } from './agreement-words'

/**
 * The customer agreement: the terms of the relationship between the exchange (a Swiss AG in Zug) and its customer,
 * kept as versioned content (decision 044). The web shows the key terms (`disclaimer`), the full agreement (`agr`)
 * and the confirmation (`agr1`); the e-signature provider is given the same text, and the signed record names the
 * version. A change of wording is a new `AGREEMENT_VERSION`: every customer signs again before their next order.
 *
 * It is written in English, German, French and Italian (decision 131). Each language's text is a version of its own,
 * `2026-11-1` in English and `2026-11-1-de` in German, so the signed record names the text signed; a signature of any
 * language's version of the edition in force is a signature of the agreement in force.
 */

/** The edition of the agreement in force, and the version id of its English text. Change it whenever a word changes. */
export const AGREEMENT_VERSION = '2026-11-1'

export interface CustomerAgreement {
  version: string
  /** The language the text is written in. */
  language: Language
  title: string
  /** The key terms, in a few lines each (the `disclaimer` screen). */
  keyTerms: AgreementSection[]
  /** The whole agreement, numbered sections (the `agr` screen and the signed document). */
  sections: AgreementSection[]
  /** What the customer confirms by signing (the `agr1` screen and the signing page). */
  confirmation: string
}

const WORDS: Record<Language, AgreementWords> = {
  en: AGREEMENT_EN,
  de: AGREEMENT_DE,
  fr: AGREEMENT_FR,
  it: AGREEMENT_IT,
}

/** The version id of a language's text of an edition: the edition itself in English, `<edition>-<language>` else. */
export function agreementVersionOf(edition: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? edition : `${edition}-${language}`
}

/** The version ids of every language's text of an edition: signing any of them signs the edition. */
export function agreementVersionsOf(edition: string): string[] {
  return LANGUAGES.map((language) => agreementVersionOf(edition, language))
}

/** The agreement in force for a brand's company, in a language (English unless given). */
export function customerAgreement(
  company: AgreementCompany,
  language: Language = DEFAULT_LANGUAGE,
  edition: string = AGREEMENT_VERSION,
): CustomerAgreement {
  const words = WORDS[language]
  const version = agreementVersionOf(edition, language)
  return {
    version,
    language,
    title: words.title(company.name),
    keyTerms: words.keyTerms(company),
    sections: [...words.services(company), ...words.relationship(company)],
    confirmation: words.confirmation(company.name, version),
  }
}

/** The agreement as plain text: what the e-signature provider is given and what a signed record holds. */
export function agreementPlainText(agreement: CustomerAgreement): string {
  const body = agreement.sections.map((section) => [section.heading, ...section.paragraphs].join('\n\n')).join('\n\n')
  const label = WORDS[agreement.language].versionLabel
  return `${agreement.title}\n${label} ${agreement.version}\n\n${body}\n\n${agreement.confirmation}\n`
}

import type { DocumentPurpose } from '@exchange/shared/documents.schemas'

/** What each kind of document is, in the customer's words, and what we accept as one. */
export const DOCUMENT_PURPOSE_COPY: Record<DocumentPurpose, { label: string; description: string }> = {
  identity_document: {
    label: 'Identity document',
    description: 'Your passport, national identity card or driving licence: every page with your photo and details.',
  },
  proof_of_address: {
    label: 'Proof of address',
    description: 'A bank statement or a utility bill from the last three months, with your name and address.',
  },
  source_of_funds: {
    label: 'Source of funds evidence',
    description: 'What shows where your money comes from: payslips, a bank statement, a sale contract or a tax return.',
  },
  support_attachment: {
    label: 'Support attachment',
    description: 'Anything our support team asked you to send.',
  },
}

import type { FiatCurrency } from '@exchange/shared/currencies'

export interface BankAccount {
  iban: string
  bic: string
  holder: string
  bankName: string
  bankAddress: string
}

/** The bank that holds the company's receiving accounts and issues virtual IBANs to customers. */
export interface BankPartnerProvider {
  readonly kind: 'sandbox'
  /** True for the test environment; the screens and e-mails say so. */
  readonly sandbox: boolean
  /** The company's account that receives wire transfers in this fiat, if any. */
  receivingAccount(fiat: FiatCurrency): BankAccount | undefined
  /** A new virtual IBAN in the company's name, routed to this customer. */
  issueVirtualIban(input: { customerId: string; customerName: string }): Promise<BankAccount>
}

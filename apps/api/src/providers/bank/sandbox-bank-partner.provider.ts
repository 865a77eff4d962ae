import { randomInt } from 'node:crypto'
import { FIAT_CURRENCIES, type FiatCurrency } from '@exchange/shared/currencies'
import { buildIban } from '@exchange/shared/iban'
import { verifyNoticeSignature } from '../signed-notice'
import { BANK_SIGNATURE_HEADER, BankTransferNotification } from './bank-notification'
import { type BankAccount, type BankPartnerProvider, readSignedNotice } from './bank-partner.provider'

const BANK_NAME = 'Sandbox Bank AG (test environment)'
const BANK_ADDRESS = 'Teststrasse 1, 6300 Zug, Switzerland'
const BIC = 'SNDBCHZZXXX'
/** Swiss IBAN: clearing number (5 digits) and a 12-digit account; 09999 is not a clearing number any real bank uses. */
const SANDBOX_CLEARING = '09999'

/**
 * Test environment of the bank partner: fixed receiving accounts with valid check digits, and virtual IBANs made
 * from the CSPRNG. Nothing leaves the process; transfers arrive through the sandbox operator page, signed with
 * `key` (`t=…,v1=HMAC-SHA256`).
 */
export function createSandboxBankPartner(holder: string, key: Buffer): BankPartnerProvider {
  const account = (bban: string, country = 'CH'): BankAccount => ({
    iban: buildIban(country, bban),
    bic: BIC,
    holder,
    bankName: BANK_NAME,
    bankAddress: BANK_ADDRESS,
  })
  const receiving: Record<FiatCurrency, BankAccount> = {
    chf: account(`${SANDBOX_CLEARING}000000100001`),
    eur: account(`${SANDBOX_CLEARING}000000100002`),
    usd: account(`${SANDBOX_CLEARING}000000100003`),
    gbp: { ...account('SNDB40400012345678', 'GB'), bic: 'SNDBGB2LXXX' },
  }
  return {
    kind: 'sandbox',
    sandbox: true,
    receivingAccount: (fiat) => receiving[fiat],
    virtualIbanFiats: FIAT_CURRENCIES,
    async issueVirtualIban({ customerName }) {
      const number = `7${String(randomInt(0, 10 ** 11)).padStart(11, '0')}`
      return { ...account(`${SANDBOX_CLEARING}${number}`), holder: `${holder} / ${customerName}` }
    },
    async verifyNotification({ rawBody, headers, nowSeconds }) {
      if (!verifyNoticeSignature(key, rawBody, headers[BANK_SIGNATURE_HEADER], nowSeconds)) return undefined
      const { data } = readSignedNotice(BankTransferNotification, rawBody, 'transfer notice')
      return { transfer: { ...data, receivedAt: new Date(data.receivedAt) } }
    },
  }
}

import { readAmountInput, type AmountReading } from '@exchange/shared/money'
import { describe, expect, it, vi } from 'vitest'
import {
  formatBps,
  formatClockTime,
  formatCount,
  formatCrypto,
  formatDate,
  formatDateTime,
  formatFiat,
  formatFileSize,
  formatNumber,
  formatWeekdayTime,
} from './format'
import { resolveLocale, setActiveLocale } from './i18n/locale'
import { separatorsOf } from './number-locale'

/** The locale in force, as a customer's choice of language with their browser's region would make it. */
function inLocale(locale: string) {
  setActiveLocale({ language: resolveLocale().language, locale })
}

/** Swiss numbers group with an apostrophe: ’ or ', as the ICU in use has it (its versions differ). */
const CH = new Intl.NumberFormat('de-CH').formatToParts(1000).find((part) => part.type === 'group')?.value ?? '’'
/** French numbers group with a narrow no-break space (U+202F), as `Intl` writes them. */
const FR = '\u202f'

const LOCALES = ['en-GB', 'de-CH', 'de-DE', 'fr-CH', 'fr-FR', 'it-CH'] as const
type Row = [string, ...string[]]

/** What each locale writes (decision 130): one row per case, one column per locale in LOCALES' order. */
const WRITTEN: { what: string; write: () => string; shown: Row }[] = [
  {
    what: 'a fiat amount',
    write: () => formatFiat('1234.56', 'eur'),
    shown: ['1,234.56 EUR', `1${CH}234.56 EUR`, '1.234,56 EUR', `1${FR}234,56 EUR`, `1${FR}234,56 EUR`, '1234.56 EUR'],
  },
  {
    what: 'a fiat amount of five digits (Italian groups from five)',
    write: () => formatFiat('12345.6', 'chf'),
    shown: [
      '12,345.60 CHF',
      `12${CH}345.60 CHF`,
      '12.345,60 CHF',
      `12${FR}345,60 CHF`,
      `12${FR}345,60 CHF`,
      `12${CH}345.60 CHF`,
    ],
  },
  {
    what: 'the largest fiat amount, 15 digits, exactly',
    write: () => formatFiat('999999999999999.99', 'gbp'),
    shown: [
      '999,999,999,999,999.99 GBP',
      `999${CH}999${CH}999${CH}999${CH}999.99 GBP`,
      '999.999.999.999.999,99 GBP',
      `999${FR}999${FR}999${FR}999${FR}999,99 GBP`,
      `999${FR}999${FR}999${FR}999${FR}999,99 GBP`,
      `999${CH}999${CH}999${CH}999${CH}999.99 GBP`,
    ],
  },
  {
    what: 'zero',
    write: () => formatFiat('0', 'usd'),
    shown: ['0.00 USD', '0.00 USD', '0,00 USD', '0,00 USD', '0,00 USD', '0.00 USD'],
  },
  {
    what: 'a coin at 8 decimals',
    write: () => formatCrypto('0.01354679', 'btc'),
    shown: ['0.01354679 BTC', '0.01354679 BTC', '0,01354679 BTC', '0,01354679 BTC', '0,01354679 BTC', '0.01354679 BTC'],
  },
  {
    what: 'a large coin amount at 8 decimals, exactly',
    write: () => formatCrypto('21000000.00000001', 'btc'),
    shown: [
      '21,000,000.00000001 BTC',
      `21${CH}000${CH}000.00000001 BTC`,
      '21.000.000,00000001 BTC',
      `21${FR}000${FR}000,00000001 BTC`,
      `21${FR}000${FR}000,00000001 BTC`,
      `21${CH}000${CH}000.00000001 BTC`,
    ],
  },
  {
    what: 'a coin at its own decimals (USDT: 6)',
    write: () => formatCrypto('1234.5', 'usdt'),
    shown: [
      '1,234.500000 USDT',
      `1${CH}234.500000 USDT`,
      '1.234,500000 USDT',
      `1${FR}234,500000 USDT`,
      `1${FR}234,500000 USDT`,
      '1234.500000 USDT',
    ],
  },
  {
    what: 'a price of one coin, rounded half-up to the cent',
    write: () => formatFiat('93242.285', 'eur'),
    shown: [
      '93,242.29 EUR',
      `93${CH}242.29 EUR`,
      '93.242,29 EUR',
      `93${FR}242,29 EUR`,
      `93${FR}242,29 EUR`,
      `93${CH}242.29 EUR`,
    ],
  },
  {
    what: 'a percentage',
    write: () => formatBps(150),
    shown: ['1.50 %', '1.50 %', '1,50 %', '1,50 %', '1,50 %', '1.50 %'],
  },
  {
    what: 'a count',
    write: () => formatCount(10000),
    shown: ['10,000', `10${CH}000`, '10.000', `10${FR}000`, `10${FR}000`, `10${CH}000`],
  },
  {
    what: 'a file size',
    write: () => formatFileSize(2.5 * 1024 * 1024),
    shown: ['2.5 MB', '2.5 MB', '2,5 MB', '2,5 MB', '2,5 MB', '2.5 MB'],
  },
  {
    what: 'a day',
    write: () => formatDate(new Date(2026, 10, 24, 14, 5, 9).toISOString()),
    shown: ['24 Nov 2026', '24.11.2026', '24.11.2026', '24 nov. 2026', '24 nov. 2026', '24 nov 2026'],
  },
  {
    what: 'a date and time',
    write: () => formatDateTime(new Date(2026, 10, 24, 14, 5, 9).toISOString()),
    shown: [
      '24 Nov 2026, 14:05',
      '24.11.2026, 14:05',
      '24.11.2026, 14:05',
      '24 nov. 2026, 14:05',
      '24 nov. 2026, 14:05',
      '24 nov 2026, 14:05',
    ],
  },
  {
    what: 'a date and time with seconds',
    write: () => formatDateTime(new Date(2026, 10, 24, 14, 5, 9).toISOString(), 'seconds'),
    shown: [
      '24 Nov 2026, 14:05:09',
      '24.11.2026, 14:05:09',
      '24.11.2026, 14:05:09',
      '24 nov. 2026, 14:05:09',
      '24 nov. 2026, 14:05:09',
      '24 nov 2026, 14:05:09',
    ],
  },
  {
    what: 'a time of day',
    write: () => formatClockTime(new Date(2026, 10, 24, 14, 5, 9).toISOString()),
    shown: ['14:05:09', '14:05:09', '14:05:09', '14:05:09', '14:05:09', '14:05:09'],
  },
  {
    what: 'a time on another day',
    write: () => formatWeekdayTime(new Date(2026, 10, 23, 9, 5, 9).toISOString()),
    shown: ['Mon 09:05:09', 'Mo., 09:05:09', 'Mo., 09:05:09', 'lun. 09:05:09', 'lun. 09:05:09', 'lun 09:05:09'],
  },
]

describe('numbers and dates as each locale writes them (decision 130)', () => {
  it.each(WRITTEN.map((row) => [row.what, row] as const))('%s', (_what, { write, shown }) => {
    const written = LOCALES.map((locale) => {
      inLocale(locale)
      return write()
    })
    expect(written).toEqual(shown)
  })

  it('writes the time of day by hand as `Intl` writes it in every locale the product serves', () => {
    const moments = [
      new Date(2026, 10, 25, 14, 5, 9),
      new Date(2026, 10, 25, 0, 0, 7),
      new Date(2026, 10, 25, 23, 59, 59),
    ]
    for (const locale of LOCALES)
      for (const at of moments)
        expect(formatClockTime(at.toISOString())).toBe(
          new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(at),
        )
  })

  it('follows a change of the locale in force at once', () => {
    inLocale('de-DE')
    expect(formatNumber('1234.5', 2)).toBe('1.234,50')
    inLocale('en-GB')
    expect(formatNumber('1234.5', 2)).toBe('1,234.50')
  })

  it("writes English in jsdom's en-US, as the spec's formatter does", () => {
    expect(formatFiat('1250', 'eur')).toBe('1,250.00 EUR')
    expect(formatCrypto('0.01354679', 'btc')).toBe('0.01354679 BTC')
    expect(formatBps(5)).toBe('0.05 %')
  })

  it('shows text that is not a plain decimal as it came, and a coin it does not know at 8 decimals', () => {
    expect(formatFiat('n/a', 'eur')).toBe('n/a EUR')
    expect(formatCrypto('1.5', 'doge')).toBe('1.50000000 DOGE')
  })

  it('knows English numbers without loading locale data, as `Intl` writes them', () => {
    const measured = vi.spyOn(Intl.NumberFormat.prototype, 'formatToParts')
    for (const locale of ['en-GB', 'en-US']) {
      inLocale(locale)
      expect(formatFiat('1234567.5', 'gbp')).toBe('1,234,567.50 GBP')
    }
    expect(measured).not.toHaveBeenCalled()
    measured.mockRestore()
    for (const locale of ['en-GB', 'en-US'])
      expect(`${new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(1234567.5)} GBP`).toBe(
        '1,234,567.50 GBP',
      )
  })

  it("makes a locale's number formatter once, when a number is first written, and keeps it", () => {
    inLocale('de-LI')
    const measured = vi.spyOn(Intl.NumberFormat.prototype, 'formatToParts')
    formatFiat('1', 'chf')
    formatFiat('1234.5', 'chf')
    formatBps(100)
    // Measured once, from two samples: the separators (1234567.5) and whether four digits are grouped (1234).
    expect(measured).toHaveBeenCalledTimes(2)
  })
})

/** What each locale reads a typed fiat amount (two decimals) as: the value, `?` where ambiguous, `✗` where unreadable. */
const READ_AS_FIAT: Row[] = [
  //          en-GB        de-CH      de-DE      fr-CH      fr-FR      it-CH
  ['100,50', '100.50', '100.50', '100.50', '100.50', '100.50', '100.50'],
  ['100.50', '100.50', '100.50', '100.50', '100.50', '100.50', '100.50'],
  ['1,000', '1000', '?', '?', '?', '?', '?'],
  ['1.000', '?', '?', '1000', '?', '?', '?'],
  ['1,234.56', '1234.56', '1234.56', '1234.56', '1234.56', '1234.56', '1234.56'],
  ['1.234,56', '1234.56', '1234.56', '1234.56', '1234.56', '1234.56', '1234.56'],
  ["1'234.56", '1234.56', '1234.56', '1234.56', '1234.56', '1234.56', '1234.56'],
  ['1’234.56', '1234.56', '1234.56', '1234.56', '1234.56', '1234.56', '1234.56'],
  [`1${FR}234,56`, '1234.56', '1234.56', '1234.56', '1234.56', '1234.56', '1234.56'],
  ['1 234,56', '1234.56', '1234.56', '1234.56', '1234.56', '1234.56', '1234.56'],
  ['1,000,000', '1000000', '1000000', '1000000', '1000000', '1000000', '1000000'],
  ['250,-', '250', '250', '250', '250', '250', '250'],
  ['250.–', '250', '250', '250', '250', '250', '250'],
  ["1'250.--", '1250', '1250', '1250', '1250', '1250', '1250'],
  ['1.250,-', '1250', '1250', '1250', '1250', '1250', '1250'],
  ['0,5', '0.5', '0.5', '0.5', '0.5', '0.5', '0.5'],
  ['12.', '✗', '✗', '✗', '✗', '✗', '✗'],
  ['1,00,0', '✗', '✗', '✗', '✗', '✗', '✗'],
]

/** The same for a coin (8 decimals): the locale's decimal separator settles "1.000" there. */
const READ_AS_COIN: Row[] = [
  //          en-GB     de-CH     de-DE    fr-CH    fr-FR    it-CH
  ['1,000', '1000', '?', '1.000', '1.000', '1.000', '?'],
  ['1.000', '1.000', '1.000', '1000', '?', '?', '1.000'],
  ['0,01354679', '0.01354679', '0.01354679', '0.01354679', '0.01354679', '0.01354679', '0.01354679'],
]

function shortly(reading: AmountReading): string {
  if (reading.kind === 'amount') return reading.value
  return reading.kind === 'ambiguous' ? '?' : '✗'
}

describe('amounts as each locale reads them (decisions 046 and 130)', () => {
  it.each([
    ['en-GB', '.', ','],
    ['de-CH', '.', CH],
    ['de-DE', ',', '.'],
    ['fr-CH', ',', FR],
    ['fr-FR', ',', FR],
    ['it-CH', '.', CH],
  ])("%s's separators", (locale, decimal, group) => {
    expect(separatorsOf(locale)).toEqual({ decimal, group })
  })

  it.each([
    ['a fiat amount', READ_AS_FIAT, 2],
    ['a coin amount', READ_AS_COIN, 8],
  ] as const)('%s', (_what, table, decimals) => {
    for (const [typed, ...expected] of table) {
      const read = LOCALES.map((locale) => shortly(readAmountInput(typed, separatorsOf(locale), decimals)))
      expect([typed, ...read]).toEqual([typed, ...expected])
    }
  })

  it('reads back what each locale writes, as the same amount', () => {
    for (const locale of LOCALES) {
      inLocale(locale)
      for (const [amount, decimals] of [
        ['1234.56', 2],
        ['999999999999999.99', 2],
        ['0.01354679', 8],
        ['1234.500000', 6],
        ['1000.00', 2],
      ] as const) {
        const reading = readAmountInput(formatNumber(amount, decimals), separatorsOf(locale), decimals)
        expect([locale, reading]).toEqual([locale, { kind: 'amount', value: amount }])
      }
    }
  })
})

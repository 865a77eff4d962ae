import type { BrandConfig } from '@exchange/shared/brand.schemas'
import type { Clock } from '../../clock'
import type { Database } from '../../db/client'
import type { Visitor } from '../../providers/geoip/visitor-country'
import type { MailService } from '../mail/mail.service'

/** What the support desk works with (decision 122). */
export interface SupportDeps {
  db: Database
  clock: Clock
  mail: Pick<MailService, 'sendSupportNotice'>
  brand: Pick<BrandConfig, 'complaintResponseDays'>
  /** Where the customer reads their tickets, for the mails' links. */
  supportUrl: string
  /** Whether the brand treats the customer as UK (brand module): a UK complaint's deadline follows FCA DISP. */
  isUkCustomer: (customerId: string, visitor?: Visitor) => Promise<boolean>
}

import type { BrandConfig } from '@exchange/shared/brand.schemas'
import type { Visitor, VisitorCountryOf } from '../../providers/geoip/visitor-country'
import type { DeclaredResidence } from '../customers/customers.service'

export type BrandService = ReturnType<typeof createBrandService>

const UK = 'GB'

/**
 * Who is treated as UK, by the brand's UK check mode (decisions 008, 010, 040, 091). An unknown visitor country counts
 * as the UK: showing the UK steps to someone elsewhere costs them time, hiding them from someone in the UK breaks
 * COBS 4.12A.
 */
export function createBrandService({
  brand,
  visitorCountryOf,
  declaredResidenceOf,
  proofOfAddressAcceptedAfter,
}: {
  brand: BrandConfig
  visitorCountryOf: VisitorCountryOf
  /** The customer's current residence and its newest declaration (the customers module). */
  declaredResidenceOf: (customerId: string) => Promise<DeclaredResidence | null>
  /** Whether an operator accepted a proof of address the customer sent after `after` (the documents module). */
  proofOfAddressAcceptedAfter: (customerId: string, after: Date) => Promise<boolean>
}) {
  async function visitorInUk(visitor: Visitor | undefined): Promise<boolean> {
    if (!visitor) return false
    const country = await visitorCountryOf(visitor)
    return country === undefined || country === UK
  }

  /** Whether a visitor, signed in or not, must see the UK risk warning. */
  async function isUkVisitor(visitor: Visitor): Promise<boolean> {
    switch (brand.ukCheckMode) {
      case 'always':
        return true
      case 'never':
        return false
      case 'geoip':
      case 'residence':
        return visitorInUk(visitor)
    }
  }

  /**
   * A residence outside the UK counts only with evidence (decision 091): the customer's connection came from that
   * country when they declared it, or an operator accepted a proof of address they sent after declaring it. Without
   * it, saying "I live in Switzerland" would be enough to leave the UK steps.
   */
  async function isEvidenced(customerId: string, residence: DeclaredResidence): Promise<boolean> {
    if (residence.visitorCountry === residence.country) return true
    return proofOfAddressAcceptedAfter(customerId, residence.declaredAt)
  }

  /**
   * In the `residence` mode, the customer's declared residence outside the UK that nothing backs yet, or null: an
   * operator's acceptance of a proof of address sent after `declaredAt` would back it.
   */
  async function unprovenResidenceOf(customerId: string): Promise<DeclaredResidence | null> {
    if (brand.ukCheckMode !== 'residence') return null
    const residence = await declaredResidenceOf(customerId)
    if (!residence || residence.country === UK) return null
    return (await isEvidenced(customerId, residence)) ? null : residence
  }

  /**
   * Whether the UK steps are asked of a customer: by residence, by where they are now, or both, as the mode says.
   * Without a visitor (a payout decided by a job), only the stored facts are known: the declared residence and its
   * evidence.
   */
  async function isUkCustomer(customerId: string, visitor?: Visitor): Promise<boolean> {
    switch (brand.ukCheckMode) {
      case 'always':
        return true
      case 'never':
        return false
      case 'residence': {
        const residence = await declaredResidenceOf(customerId)
        if (!residence) return visitorInUk(visitor)
        return residence.country === UK || !(await isEvidenced(customerId, residence))
      }
      case 'geoip':
        return (await declaredResidenceOf(customerId))?.country === UK || visitorInUk(visitor)
    }
  }

  return { brand, isUkVisitor, isUkCustomer, unprovenResidenceOf }
}

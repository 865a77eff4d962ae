import type { BrandConfig } from '@exchange/shared/brand.schemas'
import type { Visitor, VisitorCountryOf } from '../../providers/geoip/visitor-country'

export type BrandService = ReturnType<typeof createBrandService>

const UK = 'GB'

/**
 * Who is treated as UK, by the brand's UK check mode (decisions 008, 010, 040). An unknown visitor country counts as
 * the UK: showing the UK steps to someone elsewhere costs them time, hiding them from someone in the UK breaks
 * COBS 4.12A.
 */
export function createBrandService({
  brand,
  visitorCountryOf,
}: {
  brand: BrandConfig
  visitorCountryOf: VisitorCountryOf
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
   * Whether the UK steps are asked of a customer: by residence, by where they are now, or both, as the mode says.
   * Without a visitor (a payout decided by a job), only the declared residence is known.
   */
  async function isUkCustomer(residence: string | null, visitor?: Visitor): Promise<boolean> {
    switch (brand.ukCheckMode) {
      case 'always':
        return true
      case 'never':
        return false
      case 'residence':
        return residence !== null ? residence === UK : visitorInUk(visitor)
      case 'geoip':
        return residence === UK || visitorInUk(visitor)
    }
  }

  return { brand, isUkVisitor, isUkCustomer }
}

import type { BrandConfig } from '@exchange/shared/brand.schemas'
import type { CompanyDetails } from '@exchange/shared/validators'
import { createContext, useContext, useMemo, type ReactNode } from 'react'

const BrandContext = createContext<BrandConfig | null>(null)

export function BrandProvider({ brand, children }: { brand: BrandConfig; children: ReactNode }) {
  return <BrandContext value={brand}>{children}</BrandContext>
}

/** The brand loaded at start; every screen renders after it is known. */
export function useBrand(): BrandConfig {
  const brand = useContext(BrandContext)
  if (!brand) throw new Error('useBrand needs a BrandProvider above it')
  return brand
}

export interface BrandPayload {
  brandName: string
  companyDetails: CompanyDetails
}

/** What every payload carries: the brand's name, and for the calls that send e-mail the company's details. */
export function useBrandPayload(): BrandPayload {
  const brand = useBrand()
  return useMemo(
    () => ({
      brandName: brand.brandName,
      companyDetails: { name: brand.company.name, address: brand.company.address },
    }),
    [brand],
  )
}

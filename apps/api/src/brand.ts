import { readFileSync } from 'node:fs'
import { BrandConfig, DEFAULT_BRAND } from '@exchange/shared/brand.schemas'

/** The brand: the shared default, with the parts an operator overrides in BRAND_FILE (a JSON object). */
export function loadBrand(brandFile: string | undefined): BrandConfig {
  if (!brandFile) return DEFAULT_BRAND
  const overrides: unknown = JSON.parse(readFileSync(brandFile, 'utf8'))
  if (typeof overrides !== 'object' || overrides === null)
    throw new Error(`BRAND_FILE ${brandFile} must hold a JSON object`)
  return BrandConfig.parse({ ...DEFAULT_BRAND, ...overrides })
}

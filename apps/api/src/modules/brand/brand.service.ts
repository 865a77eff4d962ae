import type { BrandConfig } from '@exchange/shared/brand.schemas'
import type { GeoIpProvider } from '../../providers/geoip/geoip.provider'

export type BrandService = ReturnType<typeof createBrandService>

export function createBrandService({ brand, geoIp }: { brand: BrandConfig; geoIp: GeoIpProvider }) {
  /** Whether the visitor must see the UK risk warning, by the brand's UK check mode. */
  async function isUkVisitor(ip: string): Promise<boolean> {
    switch (brand.ukCheckMode) {
      case 'always':
        return true
      case 'never':
        return false
      case 'geoip':
        return (await geoIp.countryOf(ip)) === 'GB'
    }
  }
  return { brand, isUkVisitor }
}

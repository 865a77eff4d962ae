import type { Core, ModuleParts } from '../module-kit'
import { brandRoutes } from './brand.routes'
import { createBrandService } from './brand.service'

/** The brand's public settings and who counts as a UK customer (decision 091). */
export function brandModule(
  { brand, visitorCountryOf }: Core,
  needs: Pick<Parameters<typeof createBrandService>[0], 'declaredResidenceOf' | 'proofOfAddressAcceptedAfter'>,
) {
  const brandService = createBrandService({ brand, visitorCountryOf, ...needs })
  const parts: ModuleParts = { routes: [{ scope: 'public', routes: brandRoutes({ brandService }) }] }
  return { brandService, parts }
}

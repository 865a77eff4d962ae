import { z } from 'zod'

/** The brand the product is sold under (decision 007). */
export const BrandEnv = z.object({
  BRAND_FILE: z
    .string()
    .optional()
    .describe(
      'JSON file that overrides parts of the default brand: name, logo, colours, company, links, UK mode (docs/brand.md).',
    ),
})

export function readBrand(env: z.output<typeof BrandEnv>) {
  return { brandFile: env.BRAND_FILE }
}

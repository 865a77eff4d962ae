import type { BrandConfig } from '@exchange/shared/brand.schemas'
import classes from './brand-logo.module.css'

interface BrandLogoProps {
  brand: Pick<BrandConfig, 'brandName' | 'logo' | 'showLogo'>
  height?: number
}

/** The brand's logo (image or inline svg), or its name as text when the brand hides the logo. */
export function BrandLogo({ brand, height = 40 }: BrandLogoProps) {
  if (!brand.showLogo) {
    return (
      <span
        style={{
          fontWeight: 800,
          fontSize: height * 0.7,
          lineHeight: 1,
          color: 'var(--mantine-primary-color-filled, var(--brand))',
        }}
      >
        {brand.brandName}
      </span>
    )
  }
  if (brand.logo.kind === 'image') {
    return (
      <img
        src={brand.logo.src}
        alt={brand.brandName}
        style={{ height, width: 'auto', display: 'inline-block', verticalAlign: 'middle' }}
      />
    )
  }
  return (
    <span
      role="img"
      aria-label={brand.brandName}
      className={classes.svg}
      style={{ display: 'inline-flex', height, verticalAlign: 'middle' }}
      // The markup comes from our own server's brand configuration, never from a visitor.
      dangerouslySetInnerHTML={{ __html: brand.logo.svg }}
    />
  )
}

import type { BrandConfig } from '@exchange/shared/brand.schemas'
import { startTransition, useEffect, useState } from 'react'
import { BrowserRouter } from 'react-router'
import { BootLoader } from '../components/ui/boot-loader'
import { getBrand } from '../features/brand/api/get-brand'
import { createUkStatusStore, UkStatusContext, type UkStatusStore } from '../features/uk-risk/api/get-uk-status'
import { BrandProvider } from '../lib/brand-context'
import { commonCatalog } from '../lib/common-copy'
import { startLanguage } from '../lib/i18n/language'
import { PerLanguage } from '../lib/i18n/per-language'
import { AppRoutes, startSignedInScreen } from './router'
import { BrandUnavailable } from './routes/route-error'

/** Tries after the first failure, and the pause before each: a phone between cells gets a second chance. */
const BRAND_RETRY_DELAYS_MS = [500, 1000]

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function brandWithRetries(): Promise<BrandConfig> {
  for (const delay of BRAND_RETRY_DELAYS_MS) {
    try {
      return await getBrand()
    } catch {
      await pause(delay)
    }
  }
  return getBrand()
}

/** The texts of the first screens (/login and its frame), loaded with the brand, in the language in force. */
const FIRST_CATALOGS = [commonCatalog]

type Gate = { phase: 'loading' } | { phase: 'failed'; retrying: boolean } | { phase: 'ready'; brand: BrandConfig }

/**
 * The brand decides every payload and colour, so nothing is routed before it is known; nor before the visitor's UK
 * status is, so a home view keeps the UK warning's space from its first paint instead of moving when it comes
 * (decision 051).
 */
function BrandGate({ ukStatus }: { ukStatus: UkStatusStore }) {
  const [gate, setGate] = useState<Gate>({ phase: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let current = true
    const language = startLanguage(FIRST_CATALOGS)
    brandWithRetries()
      .then(async (brand) => {
        const uk = ukStatus.load(brand.brandName)
        startSignedInScreen(brand.brandName, window.location.pathname)
        await Promise.all([uk, language])
        return brand
      })
      .then(
        (brand) => {
          if (!current) return
          document.title = `${brand.brandName} – ${brand.tagline}`
          document.documentElement.style.setProperty('--brand', brand.brandColor)
          startTransition(() => setGate({ phase: 'ready', brand }))
        },
        () => {
          if (current) setGate({ phase: 'failed', retrying: false })
        },
      )
    return () => {
      current = false
    }
  }, [attempt, ukStatus])

  if (gate.phase === 'loading') return <BootLoader />
  if (gate.phase === 'failed') {
    const retry = () => {
      setGate({ phase: 'failed', retrying: true })
      setAttempt((count) => count + 1)
    }
    return <BrandUnavailable onRetry={retry} retrying={gate.retrying} />
  }
  return (
    <BrandProvider brand={gate.brand}>
      <LanguageScreens />
    </BrandProvider>
  )
}

/** The screens, rendered again in the language the customer switches to (decision 129). */
function LanguageScreens() {
  return (
    <PerLanguage>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </PerLanguage>
  )
}

export function App() {
  const [ukStatus] = useState(createUkStatusStore)
  return (
    <UkStatusContext value={ukStatus}>
      <BrandGate ukStatus={ukStatus} />
    </UkStatusContext>
  )
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { RouterProvider } from 'react-router'
import { BootLoader } from '../components/ui/boot-loader'
import { useBrandQuery } from '../features/brand/api/get-brand'
import { BrandProvider } from '../lib/brand-context'
import { BrandUnavailable } from './routes/brand-unavailable'
import { createAppRouter } from './router'

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: false },
    },
  })
}

/** The brand decides every payload and colour, so nothing is routed before it is known. */
function BrandGate() {
  const brand = useBrandQuery()
  const [router] = useState(createAppRouter)
  if (brand.isPending) return <BootLoader />
  if (brand.isError) return <BrandUnavailable onRetry={() => void brand.refetch()} retrying={brand.isFetching} />
  return (
    <BrandProvider brand={brand.data}>
      <RouterProvider router={router} />
    </BrandProvider>
  )
}

export function App() {
  const [queryClient] = useState(createQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <BrandGate />
    </QueryClientProvider>
  )
}

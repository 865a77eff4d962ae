import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { lazy, useState, type ReactNode } from 'react'
import { Route, Routes } from 'react-router'
import { ApiProblem } from './api/client'
import { BackOfficeLayout } from './layout'

// Each screen is its own chunk, loaded when it is first opened (decision 134).
const QueuesScreen = lazy(() => import('./screens/queues-screen'))
const SearchScreen = lazy(() => import('./screens/search-screen'))
const CustomerScreen = lazy(() => import('./screens/customer-screen'))
const OrderScreen = lazy(() => import('./screens/order-screen'))
const AuditScreen = lazy(() => import('./screens/audit-screen'))
const NotFoundScreen = lazy(() => import('./screens/not-found-screen'))

/** The back office's screens, under the router's basename `/operator/app`. */
export function BackOfficeRoutes() {
  return (
    <Routes>
      <Route element={<BackOfficeLayout />}>
        <Route index element={<QueuesScreen />} />
        <Route path="search" element={<SearchScreen />} />
        <Route path="customers/:customerId" element={<CustomerScreen />} />
        <Route path="orders/:reference" element={<OrderScreen />} />
        <Route path="audit" element={<AuditScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  )
}

/** A refusal is an answer: asked again it answers the same. A lost answer is asked once more. */
const retryOnlyLostAnswers = (failures: number, error: Error) =>
  failures < 1 && error instanceof ApiProblem && error.status === 0

export function createBackOfficeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryOnlyLostAnswers, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  })
}

/** Mantine in its light default theme and the query cache, around the router the caller gives. */
export function BackOfficeProviders({
  children,
  client,
  env,
}: {
  children: ReactNode
  client?: QueryClient
  /** 'test': Mantine without transitions. */
  env?: 'test'
}) {
  const [queryClient] = useState(() => client ?? createBackOfficeQueryClient())
  return (
    <MantineProvider env={env}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  )
}

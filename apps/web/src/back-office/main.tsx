// The operators' app (decision 134): an entry and a build of its own, never part of the customer's first load. Mantine's
// whole stylesheet: the back office is not measured against the customer's budget, and one file is simpler to keep.
import '@mantine/core/styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { BackOfficeProviders, BackOfficeRoutes } from './app'

const root = document.getElementById('root')
if (!root) throw new Error('back-office.html has no #root element')

createRoot(root).render(
  <StrictMode>
    <BackOfficeProviders>
      <BrowserRouter basename="/operator/app">
        <BackOfficeRoutes />
      </BrowserRouter>
    </BackOfficeProviders>
  </StrictMode>,
)

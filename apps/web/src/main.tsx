import './components/account/account.css'
import './app/global.css'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { startPublicScreen } from './app/router'
import { reportError } from './lib/report-error'
import { captureSignupToken } from './lib/signup-token'

captureSignupToken()
startPublicScreen(window.location.pathname)

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const reactRoot = createRoot(root)
startTransition(() =>
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)
// The error reporter, which listens for the page's uncaught errors, once the app has started rendering (decision 120).
reportError()

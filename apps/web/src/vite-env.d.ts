/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Origin of the api when it is not the page's own origin; empty means same origin. */
  readonly VITE_API_BASE_URL?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}

import { walletAddressMessage } from '@exchange/shared/wallets'
import { useEffect, useSyncExternalStore } from 'react'

type AddressCheck = (coin: string, address: string) => boolean

/**
 * The networks' address checks (`@exchange/shared/wallet-addresses`: checksums by hashing libraries, about 10 KB gzip)
 * are loaded on demand, after the calculator's first paint, not with /dashboard's first load (decision 119). Until
 * they arrive an address is not judged here; the api checks every address it is sent in any case.
 */
let loaded: AddressCheck | null = null
let loading: Promise<AddressCheck> | undefined
const listeners = new Set<() => void>()

/** Asks once for the checks; a failed download may be asked for again. */
export function loadWalletAddressCheck(): Promise<AddressCheck> {
  loading ??= import('@exchange/shared/wallet-addresses').then(
    ({ isValidWalletAddress }) => {
      loaded = isValidWalletAddress
      for (const listener of listeners) listener()
      return isValidWalletAddress
    },
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

/** Whether the checks are here: a form about to send an address waits for them first (`loadWalletAddressCheck`). */
function walletAddressCheckLoaded(): boolean {
  return loaded !== null
}

/** The message for a typed address (trimmed), or undefined when it is valid, empty, or the checks are not here yet. */
export function walletAddressError(coin: string, typed: string): string | undefined {
  const address = typed.trim()
  if (address === '' || loaded === null || loaded(coin, address)) return undefined
  return walletAddressMessage(coin)
}

/** Forgets the checks, as a new page would: the test files of a worker share their modules (decision 056). */
export function forgetWalletAddressCheck(): void {
  loaded = null
  loading = undefined
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** A screen that judges addresses: asks for the checks once it has rendered, and renders again when they arrive. */
export function useWalletAddressCheck(): boolean {
  const ready = useSyncExternalStore(subscribe, walletAddressCheckLoaded)
  useEffect(() => {
    loadWalletAddressCheck().catch(() => undefined)
  }, [])
  return ready
}

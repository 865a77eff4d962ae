/**
 * A page in a partner's frame may be denied the browser's storage (third-party storage blocked, as Chromium and Safari
 * may do): every read of `sessionStorage` or `localStorage` then throws. The partner mode installs an in-memory
 * stand-in for each one denied before anything of it runs (decision 123), so the screens work unchanged; what they keep
 * lasts as long as the page, and the frame offers to continue in a tab of its own.
 */
class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>()
  get length() {
    return this.#items.size
  }
  clear() {
    this.#items.clear()
  }
  getItem(key: string) {
    return this.#items.get(String(key)) ?? null
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.#items.delete(String(key))
  }
  setItem(key: string, value: string) {
    this.#items.set(String(key), String(value))
  }
}

let standingIn = false

/** Installs a stand-in for each storage this document is denied; answers whether any was. */
export function standInForDeniedStorage(): boolean {
  for (const name of ['sessionStorage', 'localStorage'] as const) {
    try {
      void window[name].length
    } catch {
      Object.defineProperty(window, name, { value: new MemoryStorage(), configurable: true })
      standingIn = true
    }
  }
  return standingIn
}

/** Whether this page keeps what it stores in memory only. */
export function storageOnlyInMemory(): boolean {
  return standingIn
}

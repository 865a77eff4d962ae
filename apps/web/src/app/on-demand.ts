import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { catalogLanguage, type LoadableCatalog } from '../lib/i18n/catalog'

/**
 * A screen module loaded on demand: each route file exports its screen as `Component`. `preload` starts the download
 * before the screen is rendered (the same one download as rendering it).
 */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload: () => Promise<{ default: ComponentType }> }
export function onDemand(
  load: () => Promise<{ Component: ComponentType }>,
  /** The catalogs the screen shows, loaded with its code in the language in force (decision 129). */
  catalogs: readonly LoadableCatalog[] = [],
): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined
  const preload = () =>
    (loading ??= Promise.all([load(), ...catalogs.map((catalog) => catalog.load(catalogLanguage()))]).then(
      ([module]) => ({ default: module.Component }),
    ))
  return Object.assign(lazy(preload), { preload })
}

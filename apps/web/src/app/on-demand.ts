import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

/**
 * A screen module loaded on demand: each route file exports its screen as `Component`. `preload` starts the download
 * before the screen is rendered (the same one download as rendering it).
 */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> }
export function onDemand(load: () => Promise<{ Component: ComponentType }>): LazyScreen {
  let loading: Promise<{ default: ComponentType }> | undefined
  const preload = () => (loading ??= load().then((module) => ({ default: module.Component })))
  return Object.assign(lazy(preload), { preload })
}

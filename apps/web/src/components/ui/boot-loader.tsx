import classes from './boot-loader.module.css'

/** A loader that needs no theme: shown while the brand or a route module loads. */
export function BootLoader() {
  return (
    <div className={classes.wrap} role="status" aria-label="Loading">
      <span className={classes.spinner} />
    </div>
  )
}

// The package's entry for compileModule has no types of its own; they are those of the module it re-exports.
declare module '@messageformat/core/compile-module' {
  import compileModule from '@messageformat/core/lib/compile-module'
  export default compileModule
}

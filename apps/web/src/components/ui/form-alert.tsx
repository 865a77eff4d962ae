// The alert lives with the form hook, so both load as one file (bundle budget, decision 104).
export { FormAlert } from './form'

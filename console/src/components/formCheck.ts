// The schema check now lives with the schema forms; these names stay for screens not yet moved.
export { checkForm, type FieldError } from './form/useSchemaForm';

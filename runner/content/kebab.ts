/**
 * The one spelling of names a course gives its parts (exercise, question, mutant and variant
 * ids): lowercase letters and digits in words joined by single dashes, e.g. `batch-replies`.
 */
export const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** User-facing strings fixed by product.md#validation / product.md#messages, shared by several features. */
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

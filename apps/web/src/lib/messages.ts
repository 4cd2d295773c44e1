/** User-facing strings fixed by product.md §5 / §8, shared by several features. */
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

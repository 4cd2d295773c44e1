/**
 * Where the web app keeps the session token and a referral id in localStorage (product.md#api-contract). Kept free of
 * imports: the loader of the prerendered pages reads them and must not pull zod in (decision 029).
 */
export const TOKEN_STORAGE_KEY = 'roundup.token';
export const REF_ID_STORAGE_KEY = 'roundup.refId';
/**
 * The signed-in member's role, kept beside the token so that the shell's early script (apps/web/src/early-data.js)
 * asks only for what the role may read. A hint, never a grant: the server checks every request.
 */
export const ROLE_HINT_STORAGE_KEY = 'roundup.role';

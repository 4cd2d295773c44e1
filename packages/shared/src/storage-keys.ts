/**
 * Where the web app keeps the session token and a referral id in localStorage (product.md#api-contract). Kept free of
 * imports: the loader of the prerendered pages reads them and must not pull zod in (decision 029).
 */
export const TOKEN_STORAGE_KEY = 'roundup.token';
export const REF_ID_STORAGE_KEY = 'roundup.refId';

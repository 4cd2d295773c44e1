import { REF_ID_STORAGE_KEY, ROLE_HINT_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@roundup/shared/storage-keys';

/**
 * The session token lives in localStorage under `roundup.token` (product.md#api-contract).
 * Every access is guarded: storage can throw in private modes or when disabled.
 */
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the session simply does not persist.
  }
}

export function getToken(): string | null {
  const token = read(TOKEN_STORAGE_KEY);
  return token ? token : null;
}

/**
 * Whether the browser holds a session, for the loader of the prerendered pages (src/boot.ts): it
 * starts the app at once for a member. Only the presence of the key is looked at; the token stays
 * where it is and is sent nowhere (docs/decisions/016-landing-javascript.md).
 */
export function hasStoredSession(): boolean {
  return getToken() !== null;
}

export function setToken(token: string): void {
  write(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  write(TOKEN_STORAGE_KEY, null);
  write(ROLE_HINT_STORAGE_KEY, null);
}

/** Keeps the member's role for the next page load's early requests (src/early-data.js). */
export function setRoleHint(role: string): void {
  write(ROLE_HINT_STORAGE_KEY, role);
}

/** The referral id stored by /r/{refId}, sent with registration. */
export function getRefId(): string | null {
  const refId = read(REF_ID_STORAGE_KEY);
  return refId ? refId : null;
}

export function setRefId(refId: string): void {
  write(REF_ID_STORAGE_KEY, refId);
}

export function clearRefId(): void {
  write(REF_ID_STORAGE_KEY, null);
}

/**
 * Persistent storage: without it the browser may clear the saved games under storage pressure. Asking can
 * show the player a prompt in some browsers, so it is asked at most once per page load.
 */

/** The part of `navigator.storage` used here; passed in so the call can be tested without a browser. */
export interface PersistentStorage {
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
}

const asked = new WeakMap<PersistentStorage, Promise<boolean>>();

function browserStorage(): PersistentStorage | undefined {
  try {
    return typeof navigator === 'undefined' ? undefined : navigator.storage;
  } catch {
    return undefined;
  }
}

/**
 * Asks the browser to keep Pente's data; resolves to whether the data is persistent. Resolves false where
 * the API is missing (older browsers, insecure contexts) or the request fails; never rejects.
 */
export function requestPersistence(storage: PersistentStorage | undefined = browserStorage()): Promise<boolean> {
  if (!storage || typeof storage.persist !== 'function') return Promise.resolve(false);
  const earlier = asked.get(storage);
  if (earlier) return earlier;
  const request = (async () => {
    try {
      // Already persistent: no need to ask (and perhaps prompt) again.
      if (typeof storage.persisted === 'function' && (await storage.persisted())) return true;
      return (await storage.persist?.()) === true;
    } catch {
      return false;
    }
  })();
  asked.set(storage, request);
  return request;
}

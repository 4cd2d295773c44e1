/**
 * A stand-in for a schema that is built the first time anything reads it (`.safeParse`, `.shape`, being put in
 * another schema and parsed with it), and is that schema from then on: every read, `in`, key listing and
 * prototype question is answered by the built object, so zod's own checks (`instanceof`, which reads `_zod`)
 * see the real schema. The web build puts the shared package's schemas behind it (lazy-shared-schemas.ts), so a
 * page pays for building only the schemas its forms actually use, when they use them.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(real(), key),
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    // The stand-in's own target is an empty, extensible object: a property may only be reported as
    // configurable, whatever the real schema says, or the Proxy invariants throw.
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(real(), key);
      return d && { ...d, configurable: true };
    },
  });
}

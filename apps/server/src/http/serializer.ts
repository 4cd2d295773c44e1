import type { FastifySerializerCompiler } from 'fastify';
import { $ZodType, safeParse, type $ZodTypes } from 'zod/v4/core';

/**
 * Response serialization (docs/decisions/018-openapi-contract.md). Every JSON answer goes through
 * its route's documented zod schema: what the schema does not name is dropped (a row with a
 * password hash never leaves, whatever a handler returns), and what it names is checked.
 *
 * An answer that does not match its schema is a bug in the schema or the handler. In tests
 * (`strict`) it is a 500, so the integration suites find it, and so is a field the schema does not
 * name (parsing would drop it silently); everywhere else the mismatch is
 * logged (route and issue paths, never values) and counted, and the answer is sent anyway,
 * reduced to the fields the schema names, so an untested path never turns into a 500 for members.
 */
export interface SerializerOptions {
  strict: boolean;
  onMismatch(info: { method: string; url: string; status: string; issues: { path: string; message: string }[] }): void;
}

export class ResponseMismatchError extends Error {
  constructor(
    readonly route: string,
    readonly issues: { path: string; message: string }[],
  ) {
    super(
      `The answer of ${route} does not match its documented schema: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`,
    );
  }
}

export function responseSerializerCompiler(opts: SerializerOptions): FastifySerializerCompiler<unknown> {
  return (({ schema, method, url, httpStatus }: { schema: unknown; method: string; url: string; httpStatus?: string }) => {
    // Non-JSON answers (CSV, HTML, iCal) are sent as strings and never reach a serializer; a plain
    // JSON-schema entry (e.g. `{ type: 'null' }` for a 304) only documents.
    if (!(schema instanceof $ZodType)) return (data: unknown) => JSON.stringify(data);
    const zod = schema;
    return (data: unknown) => {
      const parsed = safeParse(zod, data);
      // In tests a field the schema does not name is a mismatch too: dropping it silently would hide
      // a handler that answers more than is documented (a new field the web client then never gets).
      const extra = parsed.success && opts.strict ? undeclaredPaths(zod, data) : [];
      if (parsed.success && extra.length === 0) return JSON.stringify(parsed.data);
      const issues = parsed.success
        ? extra.slice(0, 10).map((path) => ({ path, message: 'not in the documented schema' }))
        : parsed.error.issues.slice(0, 10).map((i) => ({ path: i.path.join('.'), message: i.message }));
      opts.onMismatch({ method, url, status: String(httpStatus ?? ''), issues });
      if (opts.strict) throw new ResponseMismatchError(`${method} ${url}`, issues);
      return JSON.stringify(stripToSchema(zod, data));
    };
  }) as unknown as FastifySerializerCompiler<unknown>;
}

/** Paths of object keys in `value` that `schema` does not declare (what parsing would drop). */
export function undeclaredPaths(schema: $ZodType, value: unknown, at = ''): string[] {
  const def = (schema as $ZodTypes)._zod.def;
  const join = (k: string | number) => (at ? `${at}.${k}` : String(k));
  switch (def.type) {
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
      if (def.catchall) return [];
      const out: string[] = [];
      for (const [key, v] of Object.entries(value)) {
        const sub = def.shape[key] as $ZodType | undefined;
        if (!sub) {
          if (v !== undefined) out.push(join(key));
        } else out.push(...undeclaredPaths(sub, v, join(key)));
      }
      return out;
    }
    case 'array':
      return Array.isArray(value) ? value.flatMap((v, i) => undeclaredPaths(def.element as $ZodType, v, join(i))) : [];
    case 'record':
      return value && typeof value === 'object'
        ? Object.entries(value).flatMap(([k, v]) => undeclaredPaths(def.valueType as $ZodType, v, join(k)))
        : [];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return value === null || value === undefined ? [] : undeclaredPaths(def.innerType as $ZodType, value, at);
    case 'pipe':
      return undeclaredPaths(def.in as $ZodType, value, at);
    case 'lazy':
      return undeclaredPaths(def.getter() as $ZodType, value, at);
    case 'union': {
      const fit = (def.options as $ZodType[]).find((o) => safeParse(o, value).success);
      return fit ? undeclaredPaths(fit, value, at) : [];
    }
    default:
      return [];
  }
}

/**
 * `value` reduced to what `schema` names: object keys the schema does not declare are dropped, at
 * every depth; values are otherwise left as they are (the fallback for an answer that failed its check).
 */
export function stripToSchema(schema: $ZodType, value: unknown): unknown {
  const def = (schema as $ZodTypes)._zod.def;
  switch (def.type) {
    case 'object': {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(def.shape)) {
        if (key in value) out[key] = stripToSchema(sub as $ZodType, (value as Record<string, unknown>)[key]);
      }
      return out;
    }
    case 'array':
      return Array.isArray(value) ? value.map((v) => stripToSchema(def.element as $ZodType, v)) : value;
    case 'record': {
      if (!value || typeof value !== 'object') return value;
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, stripToSchema(def.valueType as $ZodType, v)]));
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return value === null || value === undefined ? value : stripToSchema(def.innerType as $ZodType, value);
    case 'pipe':
      return stripToSchema(def.in as $ZodType, value);
    case 'lazy':
      return stripToSchema(def.getter() as $ZodType, value);
    case 'union': {
      // The option that accepts it, else the first object option (an unknown shape keeps no extra keys).
      const options = def.options as $ZodType[];
      const fit = options.find((o) => safeParse(o, value).success);
      if (fit) return safeParse(fit, value).data;
      const obj = options.find((o) => (o as $ZodTypes)._zod.def.type === 'object');
      return obj ? stripToSchema(obj, value) : value;
    }
    default:
      return value;
  }
}

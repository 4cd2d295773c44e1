import type { z } from 'zod';
import { $ZodType } from 'zod/v4/core';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema, okEnvelope } from '@roundup/shared';

/**
 * The OpenAPI contract (docs/decisions/018-openapi-contract.md): every documented operation names
 * its success answer with the same zod schema the serializer checks it with, and the error
 * envelope for 4xx and 5xx.
 */
const errorAnswers = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/**
 * The `response` of a JSON route whose handler returns `data` (the envelope plugin wraps it in
 * `{ data, errors: [] }`). At run time it holds the whole envelope for 200 and the error envelope
 * for 4xx/5xx; its static type is the data schema alone, so the handler's return value is
 * type-checked against what is documented.
 */
export function answers<T extends z.ZodType>(data: T, opts: { description?: string; example?: z.output<T> } = {}): { 200: T } {
  const envelope = okEnvelope(data).meta({
    description: opts.description ?? 'Success: `data` holds the result, `errors` is empty',
    ...(opts.example !== undefined ? { examples: [{ data: opts.example, errors: [] }] } : {}),
  });
  return { 200: envelope, ...errorAnswers } as unknown as { 200: T };
}

/** Non-JSON success answers (CSV, HTML, iCal, event streams): documented by media type, sent as text. */
export function textAnswer(mediaType: string, description: string, extra: Record<string, unknown> = {}) {
  return {
    200: { description, content: { [mediaType]: { schema: { type: 'string' } } } },
    ...errorAnswers,
    ...extra,
  } as unknown as { 200: z.ZodType<string | Buffer>; 400: z.ZodType<string | Buffer> };
}

/** Media types besides JSON for the same status (GET /api/analytics/tax-export?format=csv). */
export function answersOr<T extends z.ZodType>(
  data: T,
  alt: { mediaType: string; description: string },
  description = 'Success',
): { 200: z.ZodType<z.output<T> | string> } {
  return {
    200: {
      description: `${description}; or, ${alt.description}`,
      content: { 'application/json': { schema: okEnvelope(data) }, [alt.mediaType]: { schema: { type: 'string' } } },
    },
    ...errorAnswers,
  } as unknown as { 200: z.ZodType<z.output<T> | string> };
}

/** Public, but a signed-in caller may get more (an admin's disabled brokers, a paid member's Discord invite). */
export const optionalSession: Record<string, string[]>[] = [{}, { session: [] }];

/** A 304 Not Modified (no body), for routes with ETags. */
export const notModified = { 304: { description: 'Not Modified: the copy named in If-None-Match is current', type: 'null' } };

export const errorAnswersOnly = errorAnswers;

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** Who may call an operation: `security: []` marks a public one; the rest need a session (or a personal token whose scope allows it). */
export interface OpenApiTransformOptions {
  /** The token scope that allows `METHOD url`, if any (modules/tokens/rules.ts). */
  tokenScopeOf(method: string, url: string): string | undefined;
}

/**
 * jsonSchemaTransform, plus what it does not do: zod schemas inside `content` (one status, several
 * media types), plain JSON-schema entries, and each operation's security (session; personal token
 * where a scope allows the route; none for public routes).
 */
export function openApiTransform(opts: OpenApiTransformOptions) {
  return (input: TransformInput) => {
    const { schema, url } = input;
    if (!schema || schema.hide) return jsonSchemaTransform(input);
    const response = (schema as { response?: Record<string, unknown> }).response;
    const plain: Record<string, unknown> = {};
    const zodOnly: Record<string, unknown> = {};
    for (const [code, entry] of Object.entries(response ?? {})) {
      if (entry instanceof $ZodType) zodOnly[code] = entry;
      else plain[code] = convertContent(entry as Record<string, unknown>, input);
    }
    const out = jsonSchemaTransform({
      ...input,
      schema: { ...schema, ...(response ? { response: zodOnly } : {}) },
    } as TransformInput) as { schema: Record<string, unknown>; url: string };
    if (response) out.schema.response = { ...(out.schema.response as object), ...plain };

    const method = String([input.route.method].flat()[0]).toUpperCase();
    const declared = (schema as { security?: unknown[] }).security;
    if (!declared) {
      const scope = opts.tokenScopeOf(method, input.route.url);
      out.schema.security = scope ? [{ session: [] }, { personalToken: [] }] : [{ session: [] }];
      if (scope) {
        const note = `Personal API tokens with the \`${scope}\` scope may call this operation.`;
        out.schema.description = out.schema.description ? `${String(out.schema.description)}\n\n${note}` : note;
        out.schema['x-token-scope'] = scope;
      }
    }
    return { schema: out.schema, url };
  };
}

function convertContent(entry: Record<string, unknown>, input: TransformInput) {
  const content = entry.content as Record<string, { schema: unknown }> | undefined;
  if (!content) return entry;
  const converted: Record<string, { schema: unknown }> = {};
  for (const [media, { schema }] of Object.entries(content)) {
    if (schema instanceof $ZodType) {
      const r = jsonSchemaTransform({ ...input, schema: { response: { 200: schema } } } as TransformInput) as {
        schema: { response: Record<string, unknown> };
      };
      converted[media] = { schema: r.schema.response[200] };
    } else converted[media] = { schema };
  }
  return { ...entry, content: converted };
}

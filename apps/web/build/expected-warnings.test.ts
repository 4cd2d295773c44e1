import { describe, expect, it } from 'vitest';
import { onwarn } from './expected-warnings.ts';

describe('the web build’s warnings', () => {
  const printed = (warning: { code?: string; message: string }) => {
    const seen: string[] = [];
    onwarn(warning, (w) => seen.push(w.message));
    return seen;
  };

  it('leaves out React Router’s feature test for useOptimistic, which Preact does not have', () => {
    const message =
      "Import `useOptimistic` will always be undefined because there is no matching export in 'node_modules/react/index.mjs'";
    expect(printed({ code: 'IMPORT_IS_UNDEFINED', message })).toEqual([]);
  });

  it('prints any other undefined import, and every other warning', () => {
    const other = "Import `useFormStatus` will always be undefined because there is no matching export in 'react-dom'";
    expect(printed({ code: 'IMPORT_IS_UNDEFINED', message: other })).toEqual([other]);
    expect(printed({ code: 'CIRCULAR_DEPENDENCY', message: 'a -> b -> a' })).toEqual(['a -> b -> a']);
  });
});

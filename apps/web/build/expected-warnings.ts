/**
 * React Router uses React 19's `useOptimistic` when React has it and does without it otherwise (it supports React
 * 18). Preact's compatibility layer, which the build runs behind `react` (decision 053), has none, so the bundler's
 * notice that the import is undefined is expected; every other warning is printed.
 */
export function onwarn(warning: { code?: string; message: string }, warn: (w: { code?: string; message: string }) => void) {
  if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('`useOptimistic`')) return;
  warn(warning);
}

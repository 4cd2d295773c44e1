/**
 * A field's problem beside it, for controls that are not a TextField: spread
 * `invalidProps(error, id)` on the control and render `<FieldError id={id} error={error} />` after it.
 */
export const invalidProps = (error: string | undefined, id: string) =>
  error ? { isInvalid: true, 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <div id={`${id}-error`} className="invalid-feedback">
      {error}
    </div>
  ) : null;
}

/** The error under a field, if there is one. Its id is `${fieldId}-error`, for aria-describedby. */
export function FieldError({ fieldId, error }: { fieldId: string; error?: string | null }) {
  if (!error) return null;
  return (
    <span id={`${fieldId}-error`} className="field-error" role="alert">
      {error}
    </span>
  );
}

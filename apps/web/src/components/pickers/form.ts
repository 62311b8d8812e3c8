import type { UseFormReturnType } from '@mantine/form';

/** A picker bound to a form field holding an id ('' for none), with the field's error. */
export function pickerProps<V extends object>(form: UseFormReturnType<V>, field: keyof V & string) {
  const input = form.getInputProps(field);
  return {
    value: (input.value as string) || null,
    onChange: (value: string | null) => (input.onChange as (value: string) => void)(value ?? ''),
    error: input.error as React.ReactNode,
  };
}

/**
 * After a save, empty the form for the next entry, unless the user already started it:
 * a save finishing while the next name is typed must not wipe it.
 */
export function resetUnlessChanged<V extends object>(form: UseFormReturnType<V>, submitted: V) {
  const now = form.getValues() as Record<string, unknown>;
  if (Object.entries(submitted).every(([k, v]) => now[k] === v)) form.reset();
}

import { Textarea, TextInput, type TextareaProps, type TextInputProps } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { lengthCounter, lengthProblem } from '../lib/form-rules';

/** The server's most characters for the field (from its shared schema), undefined for none. */
interface Limit {
  limit: number | undefined;
}

/**
 * A limited field's description and error: a counter beside the description once the text
 * nears the limit ("19,500 / 20,000 characters"), and past it the error ("42,000 characters:
 * at most 20,000") in place of any other. The text itself is never cut. For another input
 * (an Autocomplete): `{...limitProps(value, limit, description, error)}`.
 */
export function limitProps(value: unknown, limit: number | undefined, description: ReactNode, error: ReactNode) {
  const text = typeof value === 'string' ? value : '';
  const problem = lengthProblem(text, limit);
  const counter = problem ? null : lengthCounter(text, limit);
  return {
    description:
      counter && description ? (
        <>
          {description} · {counter}
        </>
      ) : (
        (counter ?? description)
      ),
    error: problem ?? error,
  };
}

/**
 * A TextInput with the server's length limit told rather than enforced by cutting (no
 * maxLength): paste 42,000 characters and all of them stay, with the error. The form
 * refuses to send it with lengthRule (a form rule) or lengthProblem (a submit handler).
 */
export function LimitedTextInput({ limit, ref, ...props }: TextInputProps & Limit & { ref?: Ref<HTMLInputElement> }) {
  return <TextInput ref={ref} {...props} {...limitProps(props.value, limit, props.description, props.error)} />;
}

/** A Textarea with the server's length limit told, as LimitedTextInput. */
export function LimitedTextarea({ limit, ...props }: TextareaProps & Limit) {
  return <Textarea {...props} {...limitProps(props.value, limit, props.description, props.error)} />;
}

import { Textarea, type TextareaProps } from '@mantine/core';

/**
 * JSON typed by hand: a monospace box that grows with its text (up to 30 lines), without
 * spelling marks or automatic capitals. Tab leaves it, as everywhere else on the page.
 */
export function JsonEditor(props: TextareaProps & { 'data-path'?: string }) {
  return (
    <Textarea
      autosize
      minRows={8}
      maxRows={30}
      spellCheck={false}
      autoCapitalize="off"
      autoComplete="off"
      autoCorrect="off"
      // With an error the border turns red, the text stays readable (Mantine would colour it all red).
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13, lineHeight: 1.45, color: 'var(--mantine-color-text)' } }}
      {...props}
    />
  );
}

/** An input whose text is a key (an address): monospace, its label as any other. */
export const MONO = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

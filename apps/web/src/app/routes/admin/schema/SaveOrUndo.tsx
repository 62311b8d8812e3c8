import { Button, Group } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/** A Site Admin form's Save (while something changed), and Undo changes back to what was loaded. */
export function SaveOrUndo<V>({ form, saving }: { form: UseFormReturnType<V>; saving: boolean }) {
  return (
    <Group>
      <Button type="submit" loading={saving} disabled={!form.isDirty()}>
        Save
      </Button>
      {form.isDirty() ? (
        <Button variant="default" onClick={() => form.reset()}>
          Undo changes
        </Button>
      ) : null}
    </Group>
  );
}

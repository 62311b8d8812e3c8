import { useForm } from '@mantine/form';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { conflictOf, useVersionedEdit, type Stored } from './versions';

interface Values {
  title: string;
  summary: string;
}

const refusal = (version: number) =>
  new ApiError(412, 'PRECONDITION_FAILED', 'changed', 'changed', [], null, {
    body: { code: 'PRECONDITION_FAILED', current: { version, updatedAt: '2026-11-28T14:02:00.000Z', updatedBy: { id: 'x', slug: 'ada', name: 'Ada' } } },
    headers: [],
  });

function setup(initial: Stored<Values>) {
  return renderHook(
    ({ server }: { server: Stored<Values> }) => {
      const form = useForm({ initialValues: server.values });
      return { form, edit: useVersionedEdit(form, server) };
    },
    { initialProps: { server: initial } },
  );
}

const v1: Stored<Values> = { version: 1, values: { title: 'Treeline', summary: 'First' } };

describe('useVersionedEdit', () => {
  it('sends the version the form started from', () => {
    const { result } = setup(v1);
    expect(result.current.edit.conditional).toEqual({ version: 1 });
  });

  it('moves the base on for a newer version with the same values (a link added beside the form), keeping the edits', () => {
    const { result, rerender } = setup(v1);
    act(() => result.current.form.setFieldValue('summary', 'Mine'));
    rerender({ server: { version: 2, values: v1.values } });
    expect(result.current.edit.conditional).toEqual({ version: 2 });
    expect(result.current.form.values.summary).toBe('Mine');
  });

  it('takes a newer version into an unchanged form, and keeps a changed form on its base', () => {
    const clean = setup(v1);
    clean.rerender({ server: { version: 2, values: { title: 'Treeline', summary: 'Theirs' } } });
    expect(clean.result.current.form.values.summary).toBe('Theirs');
    expect(clean.result.current.edit.conditional).toEqual({ version: 2 });
    // A rich-text editor keyed by it reads the new document.
    expect(clean.result.current.edit.merged).toBe(1);

    const changed = setup(v1);
    act(() => changed.result.current.form.setFieldValue('title', 'Mine'));
    changed.rerender({ server: { version: 2, values: { title: 'Treeline', summary: 'Theirs' } } });
    expect(changed.result.current.form.values).toEqual({ title: 'Mine', summary: 'First' });
    expect(changed.result.current.edit.conditional).toEqual({ version: 1 });
  });

  it('on a 412, keep editing takes the saved text where the user changed nothing and keeps their changes', () => {
    const { result, rerender } = setup(v1);
    act(() => result.current.form.setFieldValue('title', 'Mine'));
    let refused = false;
    act(() => {
      refused = result.current.edit.refused(refusal(2), result.current.form.values);
    });
    expect(refused).toBe(true);
    expect(result.current.edit.conflict?.current.version).toBe(2);
    rerender({ server: { version: 2, values: { title: 'Theirs', summary: 'Theirs too' } } });
    act(() => result.current.edit.keepEditing());
    expect(result.current.form.values).toEqual({ title: 'Mine', summary: 'Theirs too' });
    expect(result.current.edit.conditional).toEqual({ version: 2 });
    expect(result.current.edit.conflict).toBeNull();
    expect(result.current.edit.merged).toBe(1);
  });

  it('on a 412, overwrite sends the user’s values on the current version, naming the one they started from', () => {
    const { result, rerender } = setup(v1);
    act(() => result.current.form.setFieldValue('title', 'Mine'));
    act(() => void result.current.edit.refused(refusal(3), result.current.form.values));
    rerender({ server: { version: 3, values: { title: 'Theirs', summary: 'First' } } });
    let save: ReturnType<typeof result.current.edit.overwrite> = null;
    act(() => {
      save = result.current.edit.overwrite();
    });
    expect(save).toEqual({ values: { title: 'Mine', summary: 'First' }, conditional: { version: 3, overwriteOf: 1 } });
  });

  it('closed before the current version is read (renamed meanwhile, say), the form stays as the user left it, on its own base', () => {
    const { result } = setup(v1);
    act(() => result.current.form.setFieldValue('title', 'Mine'));
    act(() => void result.current.edit.refused(refusal(2), result.current.form.values));
    act(() => result.current.edit.keepEditing());
    expect(result.current.edit.conflict).toBeNull();
    expect(result.current.form.values).toEqual({ title: 'Mine', summary: 'First' });
    expect(result.current.edit.conditional).toEqual({ version: 1 });
    expect(result.current.edit.merged).toBe(0);
  });

  it('any other failure is not a conflict', () => {
    const { result } = setup(v1);
    expect(conflictOf(new ApiError(400, 'VALIDATION_FAILED', 'bad', 'bad'))).toBeNull();
    let refused = true;
    act(() => {
      refused = result.current.edit.refused(new Error('offline'), v1.values);
    });
    expect(refused).toBe(false);
    expect(result.current.edit.conflict).toBeNull();
  });
});

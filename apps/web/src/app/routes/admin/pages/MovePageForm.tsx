import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { PAGE_LIMITS, pagePathProblem, type PageSummary } from '@observatory/shared';
import { useNavigate } from 'react-router';
import { FormError, showFieldErrors } from '../../../../components/FormError';
import { LimitedTextInput } from '../../../../components/LimitedInput';
import { useUnsavedChanges } from '../../../../components/unsaved-changes';
import { paths } from '../../../../config/paths';
import { useMovePage } from '../../../../features/pages/api';
import { lengthRule } from '../../../../lib/form-rules';
import { pageFieldErrors, unplacedPageError } from './page-errors';

/**
 * A new path for a page: the pages below it move along. Checked as it is typed; what only
 * the server knows (a missing parent, a taken path, a move below itself) is shown at the field.
 */
export function MovePageForm({ page, warning, onDone }: { page: PageSummary; warning?: string; onDone: () => void }) {
  const navigate = useNavigate();
  const move = useMovePage(page.id, page.path);
  const form = useForm({
    initialValues: { path: page.path },
    validateInputOnChange: true,
    validate: { path: lengthRule(PAGE_LIMITS.path, (v) => pagePathProblem(v.trim()) ?? (v.trim() === page.path ? 'Give it a new path' : null)) },
  });
  const unsaved = useUnsavedChanges(form.isDirty(), 'the page’s new path');
  return (
    <form
      noValidate
      aria-label="Move the page"
      onSubmit={form.onSubmit((v) =>
        move.mutate(
          { path: v.path.trim() },
          {
            onSuccess: (moved) => {
              notifications.show({ color: 'green', message: `${moved.page.title} is now at /doc/${moved.page.path}` });
              onDone();
              unsaved.saved();
              void navigate(paths.adminPage(moved.page.path), { replace: true });
            },
            onError: (e) => showFieldErrors(form, pageFieldErrors(e)),
          },
        ),
      )}
    >
      <Stack gap="sm">
        <Text size="sm">The pages below it move along. Links to its old address will no longer find it.</Text>
        {warning ? (
          <Text size="sm" fw={600}>
            {warning}
          </Text>
        ) : null}
        <FormError error={unplacedPageError(move.error, ['path'])} />
        <LimitedTextInput
          label="New path"
          required
          data-autofocus
          description={`Its new address: /doc/${form.values.path.trim() || '…'}`}
          limit={PAGE_LIMITS.path}
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('path')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={move.isPending}>
            Move
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import { Button, Checkbox, Group, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { PAGE_LIMITS, pagePathProblem, type PageSummary } from '@observatory/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { FormError, showFieldErrors } from '../../../../components/FormError';
import { LimitedTextInput } from '../../../../components/LimitedInput';
import { useUnsavedChanges } from '../../../../components/unsaved-changes';
import { paths } from '../../../../config/paths';
import { useCreatePage } from '../../../../features/pages/api';
import { childPath, nearestDraftAbove } from '../../../../features/pages/tree';
import { lengthRule } from '../../../../lib/form-rules';
import { pageFieldErrors, unplacedPageError } from './page-errors';

/** The parent choice meaning "at the top" (no page has this path). */
const TOP = '/';

interface Values {
  title: string;
  parent: string;
  path: string;
  draft: boolean;
}

/**
 * A new page: its title, the page it goes below, and its path, made from the two until
 * the path is typed in (checked as it is typed). It starts as a draft unless told
 * otherwise; its editor opens once it is made.
 */
export function NewPageForm({ pages, parent, onDone }: { pages: PageSummary[]; parent: string | null; onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreatePage();
  const form = useForm<Values>({
    initialValues: { title: '', parent: parent ?? TOP, path: parent ? `${parent}/` : '', draft: true },
    validateInputOnChange: ['path'],
    validate: {
      title: lengthRule(PAGE_LIMITS.title, (v) => (v.trim() ? null : 'A page needs a title')),
      path: lengthRule(PAGE_LIMITS.path, (v) => pagePathProblem(v.trim())),
    },
  });
  const unsaved = useUnsavedChanges(form.isDirty(), 'the new page');
  // The path follows the title and parent until it is typed in.
  const [pathTyped, setPathTyped] = useState(false);
  const derive = (title: string, parentPath: string) => {
    if (!pathTyped) form.setFieldValue('path', childPath(parentPath === TOP ? null : parentPath, title, PAGE_LIMITS.segment));
  };
  const parentOptions = [{ value: TOP, label: 'None: at the top' }, ...pages.map((p) => ({ value: p.path, label: `${p.title} (${p.path})` }))];
  // A page below a draft is a draft too, until the page above is published.
  const draftAbove = nearestDraftAbove(pages, form.values.path.trim());
  return (
    <form
      noValidate
      aria-label="New page"
      onSubmit={form.onSubmit((v) =>
        create.mutate(
          { title: v.title.trim(), path: v.path.trim(), draft: v.draft || !!draftAbove },
          {
            onSuccess: (created) => {
              notifications.show({ color: 'green', message: `${created.page.title} was created` });
              onDone();
              unsaved.saved();
              void navigate(paths.adminPage(created.page.path));
            },
            onError: (e) => showFieldErrors(form, pageFieldErrors(e)),
          },
        ),
      )}
    >
      <Stack gap="sm">
        <FormError error={unplacedPageError(create.error, ['path', 'title', 'draft'])} />
        <LimitedTextInput
          label="Title"
          required
          data-autofocus
          limit={PAGE_LIMITS.title}
          {...form.getInputProps('title')}
          onChange={(e) => {
            form.setFieldValue('title', e.currentTarget.value);
            derive(e.currentTarget.value, form.getValues().parent);
          }}
        />
        <Select
          label="Below the page"
          data={parentOptions}
          searchable
          allowDeselect={false}
          {...form.getInputProps('parent')}
          onChange={(value) => {
            form.setFieldValue('parent', value ?? TOP);
            derive(form.getValues().title, value ?? TOP);
          }}
        />
        <LimitedTextInput
          label="Path"
          required
          description={`Its address: /doc/${form.values.path.trim() || '…'}`}
          limit={PAGE_LIMITS.path}
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('path')}
          onChange={(e) => {
            setPathTyped(true);
            form.setFieldValue('path', e.currentTarget.value);
          }}
        />
        <Checkbox
          label="Start as a draft: only page managers see it until it is published"
          {...form.getInputProps('draft', { type: 'checkbox' })}
          {...(draftAbove
            ? { checked: true, disabled: true, description: `The page above it, /doc/${draftAbove}, is a draft: this one is too until that is published.` }
            : {})}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create page
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

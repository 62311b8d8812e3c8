import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { sortableAnnouncements } from '../../../../components/sortable-announcements';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { modals } from '@mantine/modals';
import { IconGripVertical } from '@tabler/icons-react';
import type { Category } from '@observatory/shared';
import { fieldErrors, FormError, showFieldErrors } from '../../../../components/FormError';
import { PageState } from '../../../../components/PageState';
import { useUnsavedChanges } from '../../../../components/unsaved-changes';
import { useTitle } from '../../../../lib/use-title';
import { useAddCategory, useDeleteCategory, useInstitutionsAdmin, useMoveCategory, useRenameCategory } from './api';
import { InstitutionsSection } from './InstitutionsSection';
import { confirmDelete } from '../../../../components/confirm';
import { whenModalsListen } from '../../../../components/modal-host';

function CategoryRow({ category, count, onRename, onDelete }: { category: Category; count: number; onRename: () => void; onDelete: () => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: category.id });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
      role="listitem"
      data-testid="category-row"
    >
      <Group justify="space-between" gap="xs">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ActionIcon variant="subtle" color="gray" aria-label={`Move ${category.name}`} {...attributes} {...listeners}>
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
          <Text fw={600}>{category.name}</Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {count} institution{count === 1 ? '' : 's'}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap" ml="auto">
          <Button size="xs" variant="subtle" onClick={onRename} aria-label={`Rename ${category.name}`}>
            Rename
          </Button>
          <Button size="xs" variant="subtle" color="danger" onClick={onDelete} aria-label={`Delete ${category.name}`}>
            Delete
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

function RenameCategoryForm({ category }: { category: Category }) {
  const rename = useRenameCategory();
  const form = useForm({ initialValues: { name: category.name }, validate: { name: (v) => (v.trim() ? null : 'Give a name') } });
  useUnsavedChanges(form.isDirty(), 'the category’s name');
  return (
    <form
      noValidate
      aria-label="Rename category"
      onSubmit={form.onSubmit((v) =>
        rename.mutate({ id: category.id, name: v.name.trim() }, { onSuccess: () => modals.closeAll(), onError: (e) => showFieldErrors(form, fieldErrors(e)) }),
      )}
    >
      <Stack gap="sm">
        <FormError error={rename.error} />
        <TextInput label="Name" required data-autofocus {...form.getInputProps('name')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.closeAll()}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending}>
            Rename
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Categories of partner institutions: add (at the top), reorder by drag and drop or keyboard, rename, delete when empty; then the institutions. */
export default function InstitutionsAdminPage() {
  useTitle('Institutions · Site Admin');
  const data = useInstitutionsAdmin();
  const move = useMoveCategory();
  const add = useAddCategory();
  const remove = useDeleteCategory();
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const form = useForm({ initialValues: { name: '' }, validate: { name: (v) => (v.trim() ? null : 'Give a name') } });
  useUnsavedChanges(form.isDirty(), 'the new category');
  if (!data.data) return <PageState isPending={data.isPending} error={data.error} />;
  const categories = [...data.data.categories].sort((a, b) => a.position - b.position);
  const counts = new Map(categories.map((c) => [c.id, data.data.institutions.filter((i) => i.categoryId === c.id).length]));

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move.mutate({ id: String(active.id), position: categories.findIndex((c) => c.id === over.id) });
  };
  const askToDelete = (category: Category) =>
    confirmDelete({
      title: `Delete “${category.name}”?`,
      message: 'A category can only be deleted when it holds no institutions; move them to another category first. This cannot be undone.',
      onConfirm: () => remove.mutate(category.id),
    });

  return (
    <Stack gap="lg">
      <Title order={1}>Institutions</Title>
      <Stack gap="xs" component="section" aria-labelledby="categories-title">
        <Title order={2} size="h3" id="categories-title">
          Categories
        </Title>
        <Text size="sm" c="dimmed">
          The partners page lists institutions in this order. Drag a category by its handle, or focus the handle and use Space and the arrow keys.
        </Text>
        {move.error ? (
          <Alert color="danger" role="alert" title="The new order was not saved">
            {(move.error as Error).message}. The previous order is back.
          </Alert>
        ) : null}
        <FormError error={remove.error ?? add.error} />
        <form
          noValidate
          aria-label="New category"
          onSubmit={form.onSubmit((v) =>
            add.mutate(
              { id: crypto.randomUUID(), name: v.name.trim() },
              { onSuccess: () => form.reset(), onError: (e) => showFieldErrors(form, fieldErrors(e)) },
            ),
          )}
        >
          <Group align="flex-end">
            <TextInput label="New category" placeholder="Field stations" {...form.getInputProps('name')} />
            <Button type="submit" loading={add.isPending}>
              Add at the top
            </Button>
          </Group>
        </form>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements: sortableAnnouncements(categories) }}
        >
          <SortableContext items={categories.map((c) => c.id)} strategy={verticalListSortingStrategy}>
            <Stack gap="xs" role="list" aria-label="Categories in order">
              {categories.map((c) => (
                <CategoryRow
                  key={c.id}
                  category={c}
                  count={counts.get(c.id) ?? 0}
                  onRename={() =>
                    void whenModalsListen().then(() => modals.open({ title: `Rename “${c.name}”`, children: <RenameCategoryForm category={c} /> }))
                  }
                  onDelete={() => askToDelete(c)}
                />
              ))}
            </Stack>
          </SortableContext>
        </DndContext>
      </Stack>
      <InstitutionsSection data={data.data} />
    </Stack>
  );
}

import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { sortableAnnouncements } from './sortable-announcements';
import { confirmDelete } from './confirm';
import { useUnsavedChanges } from './unsaved-changes';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useState } from 'react';

export interface LinkItem {
  id: string;
  position: number;
  name: string;
  /** The contributor's title, the institution's role. */
  detail: string | null;
}

function Row({
  item,
  detailLabel,
  onSaveDetail,
  onRemove,
}: {
  item: LinkItem;
  detailLabel: string;
  onSaveDetail: (detail: string | null) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: item.id });
  const [detail, setDetail] = useState(item.detail ?? '');
  const changed = (detail.trim() || null) !== item.detail;
  useUnsavedChanges(changed, `the ${detailLabel.toLowerCase()} of ${item.name}`);
  return (
    <Paper
      ref={setNodeRef}
      role="listitem"
      withBorder
      p="xs"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
      data-testid="link-row"
    >
      {/* On a narrow screen the title and the buttons go below the name. */}
      <Group justify="space-between" gap="xs">
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 12rem' }}>
          <ActionIcon variant="subtle" color="gray" aria-label={`Move ${item.name}`} {...attributes} {...listeners}>
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
          <Text fw={600}>{item.name}</Text>
        </Group>
        <Group gap="xs" wrap="nowrap" justify="flex-end" style={{ flex: '1 1 18rem', maxWidth: '24rem' }}>
          <TextInput
            aria-label={`${detailLabel} of ${item.name}`}
            placeholder={detailLabel}
            value={detail}
            onChange={(e) => setDetail(e.currentTarget.value)}
            size="xs"
            style={{ flex: 1, minWidth: 0 }}
          />
          {changed ? (
            <Button size="xs" variant="default" onClick={() => onSaveDetail(detail.trim() || null)}>
              Save
            </Button>
          ) : null}
          <Button size="xs" variant="subtle" color="danger" onClick={onRemove} aria-label={`Remove ${item.name}`}>
            Remove
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * An ordered list of links (contributors, institutions): drag by the handle, or focus it
 * and use Space and the arrow keys; change the title or role; remove after confirming.
 */
export function LinkList({
  items,
  label,
  detailLabel,
  onMove,
  onSaveDetail,
  onRemove,
  listedOn = 'the project',
}: {
  items: LinkItem[];
  label: string;
  detailLabel: string;
  onMove: (id: string, position: number) => void;
  onSaveDetail: (id: string, detail: string | null) => void;
  onRemove: (id: string) => void;
  /** Where the links are listed, for the removal question ("the project", "the object"). */
  listedOn?: string;
}) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ordered = [...items].sort((a, b) => a.position - b.position);
  const announcements = sortableAnnouncements(ordered);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(
      String(active.id),
      ordered.findIndex((i) => i.id === over.id),
    );
  };
  const confirmRemove = (item: LinkItem) =>
    confirmDelete({
      title: `Remove ${item.name}?`,
      message: `${item.name} will no longer be listed on ${listedOn}.`,
      confirmLabel: 'Remove',
      cancelLabel: 'Keep',
      onConfirm: () => onRemove(item.id),
    });
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
      <SortableContext items={ordered.map((i) => i.id)} strategy={verticalListSortingStrategy}>
        <Stack gap={6} role="list" aria-label={label}>
          {ordered.map((item) => (
            <Row key={item.id} item={item} detailLabel={detailLabel} onSaveDetail={(d) => onSaveDetail(item.id, d)} onRemove={() => confirmRemove(item)} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

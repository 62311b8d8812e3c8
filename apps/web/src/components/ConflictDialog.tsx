import { Button, Group, Loader, Modal, ScrollArea, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { documentText, type ProseMirrorDoc } from '@observatory/shared';
import type { Stored, VersionedEdit } from '../lib/versions';

/** A field of the form as the dialog compares it: its label, and how a value reads (documents as their text). */
export interface ComparedField<V> {
  key: keyof V & string;
  label: string;
  /** A rich-text document: compared side by side as text. */
  document?: boolean;
  show?: (value: unknown) => string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function shown<V>(field: ComparedField<V>, value: unknown): string {
  if (field.show) return field.show(value);
  if (field.document) return documentText(value as ProseMirrorDoc | null);
  if (value === null || value === undefined || value === '') return '(empty)';
  return String(value);
}

const time = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function TextBox({ title, text }: { title: string; text: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <ScrollArea.Autosize mah={280} type="auto" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}>
        <Text size="sm" p="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {text || '(empty)'}
        </Text>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/**
 * What a save refused with 412 shows: who saved a newer version when, and, for each field
 * where the user's text and the saved one differ, both (documents side by side, other
 * fields in a table). The user keeps editing on top of the current version, or overwrites
 * it knowingly (audited).
 */
export function ConflictDialog<V>({
  edit,
  server,
  fields,
  what,
  onOverwrite,
  overwriting,
}: {
  edit: VersionedEdit<V>;
  /** The resource as the server has it now (refetched after the 412). */
  server: Stored<V> | undefined;
  fields: ComparedField<V>[];
  /** "the project", "this note". */
  what: string;
  onOverwrite: (save: { values: V; conditional: { version?: number | undefined; overwriteOf?: number | undefined } }) => void;
  overwriting?: boolean;
}) {
  const { conflict } = edit;
  const ready = !!conflict && !!server && server.version >= conflict.current.version;
  const mine = conflict?.mine as Record<string, unknown> | undefined;
  const now = server?.values as Record<string, unknown> | undefined;
  const differing = ready && mine && now ? fields.filter((f) => !same(mine[f.key], now[f.key])) : [];
  const documents = differing.filter((f) => f.document);
  const others = differing.filter((f) => !f.document);
  const who = conflict?.current.updatedBy?.name ?? 'Someone';
  return (
    <Modal opened={!!conflict} onClose={edit.keepEditing} title={`${what[0]!.toUpperCase()}${what.slice(1)} was changed while you were editing`} size="xl">
      {!conflict ? null : (
        <Stack gap="md">
          <Text size="sm">
            {who} saved a newer version (version {conflict.current.version}) on {time(conflict.current.updatedAt)}. Your changes are not saved yet: nothing has
            been lost.
          </Text>
          {!ready ? (
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm">Loading the current version…</Text>
            </Group>
          ) : differing.length === 0 ? (
            <Text size="sm">Your changes and the saved version are the same in every field shown here.</Text>
          ) : (
            <>
              {others.length ? (
                <Table withTableBorder aria-label="Fields that differ">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Field</Table.Th>
                      <Table.Th>Yours</Table.Th>
                      <Table.Th>Saved now</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {others.map((f) => (
                      <Table.Tr key={f.key}>
                        <Table.Td>{f.label}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{shown(f, mine![f.key])}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{shown(f, now![f.key])}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              ) : null}
              {documents.map((f) => (
                <SimpleGrid key={f.key} cols={{ base: 1, sm: 2 }} aria-label={f.label}>
                  <TextBox title={`${f.label}: yours`} text={shown(f, mine![f.key])} />
                  <TextBox title={`${f.label}: saved now`} text={shown(f, now![f.key])} />
                </SimpleGrid>
              ))}
            </>
          )}
          <Text size="sm" c="dimmed">
            Keep editing: the fields you did not change take the saved text, yours stay, and you save again when ready. Overwrite: your version replaces the
            saved one (recorded in the audit log).
          </Text>
          <Group justify="flex-end">
            {/* Before the current version is read it goes back to the form as it was. */}
            <Button variant="default" onClick={edit.keepEditing}>
              Keep editing
            </Button>
            <Button
              color="danger"
              loading={overwriting ?? false}
              disabled={!ready}
              onClick={() => {
                const save = edit.overwrite();
                if (save) onOverwrite(save);
              }}
            >
              Overwrite
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

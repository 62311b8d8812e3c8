import { Alert, Button, Group, Loader, Modal, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ObjectDetail } from '@observatory/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { objectValues } from '../../../features/objects/edit/api';
import { metadataFields, withSchemas } from '../../../components/metadata/metadata-form';
import { api, ApiError } from '../../../lib/api-client';
import { useObjectTypes } from '../../../lib/object-types';
import { errorText } from '../../../lib/errors';
import { compareEdit, defaultChoices, mergedBody, type Choices, type ComparedValue } from '../../../lib/outbox/merge';
import type { Outgoing } from '../../../lib/outbox/store';
import { useChangeOutgoing } from '../../../lib/outbox/use-outbox';
import { outboxKeys } from '../../../lib/query-keys';
import { fieldLabel, shownValue } from './outbox-values';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** One value as a choice: a document's text in a box of its own (side by side with the other), anything else on a line. */
function Choice({ value, label, side, long }: { value: unknown; label: string; side: 'mine' | 'theirs'; long: boolean }) {
  const text = shownValue(value);
  return (
    <Radio
      value={side}
      label={
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {label}
          </Text>
          {long ? (
            <ScrollArea.Autosize mah={200} type="auto" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}>
              <Text size="sm" p="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {text}
              </Text>
            </ScrollArea.Autosize>
          ) : (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {text}
            </Text>
          )}
        </Stack>
      }
    />
  );
}

function Field({
  compared,
  label,
  choice,
  onChoose,
}: {
  compared: ComparedValue;
  label: string;
  choice: 'mine' | 'theirs';
  onChoose: (choice: 'mine' | 'theirs') => void;
}) {
  const long = compared.key === 'doc';
  return (
    <Radio.Group
      label={label}
      description={compared.both ? 'Changed on both sides: choose one' : 'Only you changed it'}
      value={choice}
      onChange={(value) => onChoose(value as 'mine' | 'theirs')}
    >
      <Group grow align="flex-start" mt={6} wrap="wrap">
        <Choice side="mine" label="Yours" value={compared.mine} long={long} />
        <Choice side="theirs" label="Saved now" value={compared.theirs} long={long} />
      </Group>
    </Radio.Group>
  );
}

/**
 * A queued edit the server refused as changed meanwhile (412): both sides, field by field
 * (the metadata field by field, the documentation side by side), each field the user
 * changed to be kept as theirs or as saved now. Keep mine, keep theirs, or send the merge:
 * nothing is overwritten unless the user says so, and the choice is sent on top of the
 * version shown (a newer one still asks again).
 */
export function DecisionDialog({ item, onClose }: { item: Outgoing; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 36em)');
  const current = useQuery({ queryKey: outboxKeys.current(item.path), queryFn: () => api.get<ObjectDetail>(item.path), staleTime: 0, retry: false });
  const change = useChangeOutgoing();
  const types = useObjectTypes();
  const titles = new Map(metadataFields((types.data ?? []).map(withSchemas)).map((f) => [f.key, f.label]));
  const [choices, setChoices] = useState<Choices | null>(null);
  const detail = current.data;
  const theirs = detail ? objectValues(detail) : null;
  const compared = theirs ? compareEdit(item.body, item.base?.values ?? {}, theirs) : [];
  const chosen = choices ?? defaultChoices(compared);
  const gone = current.error instanceof ApiError && (current.error.status === 404 || current.error.status === 410);
  const who = item.problem?.current?.updatedBy?.name ?? detail?.obj.update.by?.name ?? 'Someone';
  const at = item.problem?.current?.updatedAt ?? detail?.obj.update.at;
  const send = (picked: Choices) =>
    change.mutate(
      {
        item,
        change: { body: mergedBody(compared, picked, theirs!), base: { version: detail!.obj.version, values: theirs! }, state: 'waiting', problem: undefined },
      },
      { onSuccess: onClose },
    );
  const keepTheirs = () => change.mutate({ item, change: 'remove' }, { onSuccess: onClose });
  return (
    <Modal opened onClose={onClose} title={`${item.title}: needs your decision`} size="xl" fullScreen={!!phone}>
      <Stack gap="md">
        <Text size="sm">
          {who} saved a newer version{at ? ` on ${when(at)}` : ''}, after the one your changes (recorded {when(item.recordedAt)}) are based on. Nothing has been
          overwritten. For each field you changed, choose what to keep; fields you did not change keep the saved version.
        </Text>
        {current.isPending ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">Loading the saved version…</Text>
          </Group>
        ) : gone ? (
          <Alert color="danger" title="Deleted meanwhile">
            It was deleted after you recorded your changes: they cannot be applied. Keep theirs to let them go.
          </Alert>
        ) : current.error ? (
          <Alert color="danger" title="The saved version could not be loaded">
            {errorText(current.error)}
          </Alert>
        ) : (
          compared.map((c) => (
            <Field
              key={c.key}
              compared={c}
              label={fieldLabel(c.key, titles)}
              choice={chosen[c.key]!}
              onChoose={(choice) => setChoices({ ...chosen, [c.key]: choice })}
            />
          ))
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Decide later
          </Button>
          <Button variant="light" color="danger" onClick={keepTheirs} loading={change.isPending}>
            Keep theirs
          </Button>
          {detail ? (
            <>
              <Button variant="light" onClick={() => send(defaultChoices(compared))} loading={change.isPending}>
                Keep mine
              </Button>
              <Button onClick={() => send(chosen)} loading={change.isPending}>
                Send as chosen
              </Button>
            </>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}

import { Alert, Button, Code, Group, Modal, MultiSelect, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { RESOURCE_ACTIONS, type AuthUser } from '@observatory/shared';
import { CopyButton } from '../../components/CopyButton';
import { fieldErrors, FormError, showFieldErrors } from '../../components/FormError';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { useDelayedFlag } from '../../lib/use-delayed';
import { useApiKeys, useCreateApiKey, useRevokeApiKey, type CreatedApiKey } from './api';
import { WideTable } from '../../components/WideTable';
import { confirmDelete } from '../../components/confirm';

const date = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en', { dateStyle: 'medium' }) : 'never');

/** A user's API keys, never their secrets, each with a confirmed revoke. */
export function ApiKeyList({ username, empty }: { username: string; empty: string }) {
  const keys = useApiKeys(username);
  const revoke = useRevokeApiKey(username);
  const spinner = useDelayedFlag(keys.isPending);
  const confirmRevoke = (id: string, comment: string) =>
    confirmDelete({
      title: 'Revoke this API key?',
      message: `Programs using “${comment}” will stop working at once. This cannot be undone.`,
      confirmLabel: 'Revoke',
      onConfirm: () => revoke.mutate(id),
    });

  return (
    <>
      <FormError error={keys.error ?? revoke.error} />
      {spinner ? <Text aria-busy="true">Loading…</Text> : null}
      {keys.data && keys.data.length === 0 ? <Text>{empty}</Text> : null}
      {keys.data && keys.data.length > 0 ? (
        <WideTable label="API keys" minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Comment</Table.Th>
                <Table.Th>Permissions</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td>{key.comment}</Table.Td>
                  <Table.Td>{key.permissions.length ? key.permissions.join(', ') : 'read only'}</Table.Td>
                  <Table.Td>{date(key.created)}</Table.Td>
                  <Table.Td>{date(key.expires)}</Table.Td>
                  <Table.Td>{key.lastUsed ? date(key.lastUsed) : 'not yet'}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" color="danger" onClick={() => confirmRevoke(key.id, key.comment)} aria-label={`Revoke ${key.comment}`}>
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      ) : null}
    </>
  );
}

/** The signed-in user's API keys: create (the secret shown once), list, revoke. */
export function ApiKeys({ user }: { user: AuthUser }) {
  const create = useCreateApiKey(user.username);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const form = useForm({
    initialValues: { comment: '', expires: '', permissions: [] as string[] },
    validate: {
      comment: (v) => (v.trim() ? null : 'Say what the key is for'),
      expires: (v) => (!v || new Date(v).getTime() > Date.now() ? null : 'Choose a day in the future'),
    },
  });
  useUnsavedChanges(form.isDirty(), 'the new API key');
  const grantable = [...user.permissions, ...RESOURCE_ACTIONS.filter((a) => a !== 'view')];

  return (
    <Stack component="section" aria-labelledby="apikeys-title">
      <Title order={2} size="h3" id="apikeys-title">
        API keys
      </Title>
      <Text size="sm" c="dimmed">
        A key lets a program use the API as you: send it as <Code>Authorization: Bearer &lt;key&gt;</Code>. It reads what you can read, and changes only what
        its permissions name.
      </Text>
      <ApiKeyList username={user.username} empty="You have no API keys." />
      <form
        onSubmit={form.onSubmit((v) =>
          create.mutate(
            { comment: v.comment.trim(), expires: v.expires || null, permissions: v.permissions },
            { onSuccess: (key) => (setCreated(key), form.reset()), onError: (e) => showFieldErrors(form, fieldErrors(e)) },
          ),
        )}
        noValidate
        aria-label="New API key"
      >
        <Stack gap="sm" maw={480}>
          <Title order={3} size="h4">
            New key
          </Title>
          <FormError error={create.error} />
          <TextInput label="What is it for?" placeholder="Field laptop sync" required {...form.getInputProps('comment')} />
          <TextInput label="Expires on" type="date" description="Leave empty for a key that does not expire" {...form.getInputProps('expires')} />
          <MultiSelect
            label="Permissions"
            description="None: the key can only read"
            data={grantable}
            searchable
            clearable
            {...form.getInputProps('permissions')}
          />
          <Button type="submit" loading={create.isPending} w="fit-content">
            Create key
          </Button>
        </Stack>
      </form>
      <Modal opened={!!created} onClose={() => setCreated(null)} title="Your new API key" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
        {created ? (
          <Stack>
            <Alert color="blue">Copy the key now: it is shown this once and cannot be retrieved later.</Alert>
            <Code block data-testid="api-key-secret" tabIndex={0} aria-label="The API key">
              {created.secret}
            </Code>
            <Group>
              <CopyButton value={created.secret}>{({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy the key'}</Button>}</CopyButton>
              <Button variant="default" onClick={() => setCreated(null)}>
                Done
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}

import { Anchor, Badge, Button, FileButton, Group, Paper, Progress, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { PROJECT_FILE_LIMITS as L, type ProjectFile } from '@observatory/shared';
import { ConflictDialog, type ComparedField } from '../../../components/ConflictDialog';
import { FormError, fieldErrors } from '../../../components/FormError';
import { LimitedTextarea, LimitedTextInput } from '../../../components/LimitedInput';
import { PrefetchLink } from '../../../components/PrefetchLink';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { paths } from '../../../config/paths';
import { formatBytes, useAddFile, useAddVersion, useChangeFile, useDeleteFile, useDeleteVersion, useDownload } from './api';
import { WideTable } from '../../../components/WideTable';
import { confirmDelete } from '../../../components/confirm';
import { lengthProblem } from '../../../lib/form-rules';
import { conflictOf, useVersionedEdit } from '../../../lib/versions';

type ProjectRef = { id: string; slug: string };
type Version = ProjectFile['versions'][number];

export interface ProjectFilesProps {
  project: ProjectRef;
  files: ProjectFile[];
  /** The project's permissions: "upload" adds files and versions, "edit" renames and deletes. */
  permissions: string[];
}

const when = (iso: string) => new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

/** A project's files: each with its versions (newest first) to download; upload, rename and delete for those who may. */
export function ProjectFiles({ project, files, permissions }: ProjectFilesProps) {
  const canUpload = permissions.includes('upload');
  const canEdit = permissions.includes('edit');
  return (
    <Stack gap="lg">
      {canUpload ? <AddFile project={project} /> : null}
      {files.length === 0 ? (
        <Text c="dimmed">No files yet.</Text>
      ) : (
        files.map((file) => <FileCard key={file.id} project={project} file={file} canUpload={canUpload} canEdit={canEdit} />)
      )}
    </Stack>
  );
}

/** The busy state of an upload: a bar and its percentage, read out as it changes. */
function UploadProgress({ label, fraction }: { label: string; fraction: number }) {
  return (
    <Stack gap={4}>
      <Progress value={fraction * 100} animated={fraction < 1} aria-label={label} />
      <Text size="sm" c="dimmed" role="status">
        {fraction < 1 ? `${label}: ${percent(fraction)}` : `${label}: saving…`}
      </Text>
    </Stack>
  );
}

function AddFile({ project }: { project: ProjectRef }) {
  const add = useAddFile(project);
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  useUnsavedChanges(file !== null || name !== '' || description !== '', 'the file to upload');
  const errors = fieldErrors(add.error);

  const submit = () => {
    if (!file || lengthProblem(name, L.name) || lengthProblem(description, L.description)) return;
    add.mutate(
      { file, name, description },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: `“${saved.name}” was uploaded` });
          setFile(null);
          setName('');
          setDescription('');
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" component="form" aria-label="Add a file" onSubmit={(e) => (e.preventDefault(), submit())}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          Add a file
        </Title>
        <Group gap="sm">
          <FileButton onChange={(chosen) => (setFile(chosen), add.reset())} disabled={add.isPending}>
            {(props) => (
              <Button {...props} variant="default">
                {file ? 'Choose another file' : 'Choose a file'}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c={file ? undefined : 'dimmed'} data-testid="chosen-file">
            {file ? `${file.name}, ${formatBytes(file.size)}` : 'No file chosen'}
          </Text>
        </Group>
        <LimitedTextInput
          label="Name"
          description="Leave empty to use the file’s name"
          placeholder={file?.name}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          limit={L.name}
          error={errors.name}
        />
        <LimitedTextarea
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          limit={L.description}
          autosize
          minRows={2}
          error={errors.description}
        />
        {add.isPending ? <UploadProgress label={`Uploading ${file?.name ?? 'the file'}`} fraction={add.progress} /> : null}
        <FormError error={add.error} />
        <Group>
          <Button type="submit" disabled={!file} loading={add.isPending}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function FileCard({ project, file, canUpload, canEdit }: { project: ProjectRef; file: ProjectFile; canUpload: boolean; canEdit: boolean }) {
  const addVersion = useAddVersion(project, file.id);
  const remove = useDeleteFile(project);
  const removeVersion = useDeleteVersion(project, file.id);
  const download = useDownload(project);
  const [editing, setEditing] = useState(false);
  const [uploading, setUploading] = useState<string | null>(null);

  const askToDelete = () =>
    confirmDelete({
      title: `Delete “${file.name}”?`,
      message: `The file and its ${file.versions.length === 1 ? 'only version are' : `${file.versions.length} versions are`} deleted for good.`,
      confirmLabel: 'Delete the file',
      onConfirm: () =>
        remove.mutate(
          { id: file.id, version: file.version },
          { onSuccess: () => notifications.show({ color: 'green', message: `“${file.name}” was deleted` }) },
        ),
    });

  const confirmDeleteVersion = (v: Version) =>
    confirmDelete({
      title: `Delete version ${v.version} of “${file.name}”?`,
      message: `Version ${v.version}${v.fileName ? ` (${v.fileName})` : ''} is deleted for good; the other versions stay.`,
      confirmLabel: 'Delete the version',
      onConfirm: () => removeVersion.mutate(v.version),
    });

  const upload = (chosen: File | null) => {
    if (!chosen) return;
    setUploading(chosen.name);
    addVersion.mutate(chosen, { onSuccess: (v) => notifications.show({ color: 'green', message: `Version ${v.version} of “${file.name}” was uploaded` }) });
  };

  return (
    <Paper withBorder p="md" component="section" aria-label={file.name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h4">
              {file.name}
            </Title>
            {file.description ? <Text size="sm">{file.description}</Text> : null}
          </Stack>
          <Group gap="xs">
            <Button
              variant="light"
              onClick={() => download.mutate({ fileId: file.id, version: 'latest' })}
              aria-label={`Download the latest version of ${file.name}`}
            >
              Download
            </Button>
            {canUpload ? (
              <FileButton onChange={upload} disabled={addVersion.isPending}>
                {(props) => (
                  <Button {...props} variant="default" loading={addVersion.isPending} aria-label={`Add a version of ${file.name}`}>
                    Add a version
                  </Button>
                )}
              </FileButton>
            ) : null}
            {canEdit ? (
              <>
                <Button variant="default" onClick={() => setEditing((on) => !on)} aria-expanded={editing} aria-label={`Edit ${file.name}`}>
                  Edit
                </Button>
                <Button variant="subtle" color="danger" onClick={askToDelete} loading={remove.isPending} aria-label={`Delete ${file.name}`}>
                  Delete
                </Button>
              </>
            ) : null}
          </Group>
        </Group>
        {editing ? <EditFile project={project} file={file} onDone={() => setEditing(false)} /> : null}
        {addVersion.isPending ? <UploadProgress label={`Uploading ${uploading ?? 'a new version'}`} fraction={addVersion.progress} /> : null}
        <FormError error={addVersion.error ?? remove.error ?? removeVersion.error ?? download.error} />
        <WideTable label={`Versions of ${file.name}`} minWidth={560}>
          <Table aria-label={`Versions of ${file.name}`} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>File</Table.Th>
                <Table.Th>Size</Table.Th>
                <Table.Th>Uploaded</Table.Th>
                <Table.Th>By</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {file.versions.map((v, i) => (
                <Table.Tr key={v.version}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm">{v.version}</Text>
                      {i === 0 ? (
                        <Badge size="xs" variant="light">
                          Latest
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{v.fileName ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatBytes(v.size)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{when(v.createdAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    {v.author ? (
                      <Anchor component={PrefetchLink} to={paths.person(v.author.slug)} size="sm">
                        {v.author.name}
                      </Anchor>
                    ) : (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => download.mutate({ fileId: file.id, version: v.version })}
                        loading={download.isPending && download.variables?.version === v.version}
                        aria-label={`Download version ${v.version} of ${file.name}`}
                      >
                        Download
                      </Button>
                      {canEdit && file.versions.length > 1 ? (
                        <Button
                          size="xs"
                          variant="subtle"
                          color="danger"
                          onClick={() => confirmDeleteVersion(v)}
                          loading={removeVersion.isPending && removeVersion.variables === v.version}
                          aria-label={`Delete version ${v.version} of ${file.name}`}
                        >
                          Delete
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      </Stack>
    </Paper>
  );
}

interface FileFormValues {
  name: string;
  description: string;
}

const fileFormValues = (file: ProjectFile): FileFormValues => ({ name: file.name, description: file.description ?? '' });

/** What the conflict dialog compares of a file. */
const FILE_FIELDS: ComparedField<FileFormValues>[] = [
  { key: 'name', label: 'Name' },
  { key: 'description', label: 'Description' },
];

/** `file`: as the project's files answer it now (refetched after a refused save). */
function EditFile({ project, file, onDone }: { project: ProjectRef; file: ProjectFile; onDone: () => void }) {
  const change = useChangeFile(project, file.id);
  const form = useForm<FileFormValues>({ initialValues: fileFormValues(file) });
  const stored = { version: file.version, values: fileFormValues(file) };
  const edit = useVersionedEdit(form, stored);
  const { name } = form.values;
  useUnsavedChanges(form.isDirty(), `“${file.name}”`);
  const errors = fieldErrors(change.error);
  const save = (values = form.values, conditional = edit.conditional) => {
    if (lengthProblem(values.name, L.name) || lengthProblem(values.description, L.description)) return;
    change.mutate(
      { name: values.name.trim(), description: values.description.trim() || null, conditional },
      { onSuccess: onDone, onError: (e) => void edit.refused(e, values) },
    );
  };
  return (
    <Stack gap="sm" component="form" aria-label={`Edit ${file.name}`} onSubmit={(e) => (e.preventDefault(), save())}>
      <LimitedTextInput label="Name" required {...form.getInputProps('name')} limit={L.name} error={errors.name} />
      <LimitedTextarea label="Description" {...form.getInputProps('description')} limit={L.description} autosize minRows={2} error={errors.description} />
      <FormError error={conflictOf(change.error) ? null : change.error} />
      <Group gap="sm">
        <Button type="submit" loading={change.isPending} disabled={!name.trim()}>
          Save
        </Button>
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
      <ConflictDialog
        edit={edit}
        server={stored}
        fields={FILE_FIELDS}
        what={`the file “${file.name}”`}
        overwriting={change.isPending}
        onOverwrite={({ values, conditional }) => save(values, conditional)}
      />
    </Stack>
  );
}

import { pickerProps } from '../../components/pickers/form';
import { TeamPicker } from '../../components/pickers/TeamPicker';
import { Select, Textarea, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import {
  lengthLimit,
  PROJECT_STATUSES,
  ProjectFields as ProjectFieldSchemas,
  VISIBILITIES,
  type ProjectDetail,
  type ProseMirrorDoc,
} from '@observatory/shared';
import { LazyRichTextEditor } from '../../components/LazyRichTextEditor';
import type { ProjectFields } from './api';

export interface ProjectFormValues {
  title: string;
  /** Empty on a new project: the server makes one from the title. */
  slug: string;
  summary: string;
  status: ProjectFields['status'];
  visibility: ProjectFields['visibility'];
  startDate: string;
  endDate: string;
  teamId: string;
  doc: ProseMirrorDoc | null;
}

const VISIBILITY_LABELS = { public: 'Everyone', 'signed-in': 'Signed-in users', members: 'Members only' } as const;

export const projectFormValues = (detail?: ProjectDetail): ProjectFormValues => ({
  title: detail?.project.title ?? '',
  slug: detail?.project.slug ?? '',
  summary: detail?.project.summary ?? '',
  status: detail?.project.status ?? 'active',
  visibility: detail?.project.visibility ?? 'public',
  startDate: detail?.project.startDate ?? '',
  endDate: detail?.project.endDate ?? '',
  teamId: detail?.project.team?.id ?? '',
  doc: detail?.doc ?? null,
});

/** The project form of the create and edit pages: the same fields, rules and conversion. */
export function useProjectForm(initialValues: ProjectFormValues) {
  return useForm({
    initialValues,
    validate: {
      title: (v) => (v.trim() ? null : 'Give a title'),
      slug: (v) => (!v || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v) ? null : 'Use lower-case letters, digits and single dashes'),
      endDate: (v, values) => (v && values.startDate && v < values.startDate ? 'The end comes before the start' : null),
    },
  });
}

export const toProjectInput = (v: ProjectFormValues) => ({
  project: {
    title: v.title.trim(),
    ...(v.slug ? { slug: v.slug } : {}),
    summary: v.summary.trim() || null,
    status: v.status,
    visibility: v.visibility,
    startDate: v.startDate || null,
    endDate: v.endDate || null,
    teamId: v.teamId || null,
  },
  doc: v.doc,
});

export function ProjectFieldsForm({ form, onUnreadableDoc }: { form: UseFormReturnType<ProjectFormValues>; onUnreadableDoc: () => void }) {
  return (
    <>
      <TextInput label="Title" required maxLength={lengthLimit(ProjectFieldSchemas.shape.title)} {...form.getInputProps('title')} />
      {form.values.slug || form.isDirty('slug') ? (
        <TextInput label="Address (slug)" description="The project’s address; the old one keeps working after a change" {...form.getInputProps('slug')} />
      ) : null}
      <Textarea
        label="Summary"
        description="One or two sentences for the catalogue"
        autosize
        minRows={2}
        maxLength={lengthLimit(ProjectFieldSchemas.shape.summary)}
        {...form.getInputProps('summary')}
      />
      <Select
        label="Status"
        data={PROJECT_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }))}
        allowDeselect={false}
        {...form.getInputProps('status')}
      />
      <Select
        label="Who can see it"
        description="Members are the people holding a role on the project"
        data={VISIBILITIES.map((v) => ({ value: v, label: VISIBILITY_LABELS[v] }))}
        allowDeselect={false}
        {...form.getInputProps('visibility')}
      />
      <TextInput label="Start" type="date" {...form.getInputProps('startDate')} />
      <TextInput label="End" type="date" {...form.getInputProps('endDate')} />
      <TeamPicker placeholder="None" clearable {...pickerProps(form, 'teamId')} />
      <LazyRichTextEditor label="Documentation" value={form.values.doc} onChange={(doc) => form.setFieldValue('doc', doc)} onUnreadable={onUnreadableDoc} />
    </>
  );
}

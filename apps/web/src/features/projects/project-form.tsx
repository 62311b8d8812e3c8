import { pickerProps } from '../../components/pickers/form';
import { TeamPicker } from '../../components/pickers/TeamPicker';
import { Select, TextInput } from '@mantine/core';
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
import { LimitedTextarea, LimitedTextInput } from '../../components/LimitedInput';
import { documentProblem, lengthRule } from '../../lib/form-rules';
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

const TITLE_MAX = lengthLimit(ProjectFieldSchemas.shape.title);
const SUMMARY_MAX = lengthLimit(ProjectFieldSchemas.shape.summary);

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
      title: lengthRule(TITLE_MAX, (v) => (v.trim() ? null : 'Give a title')),
      summary: lengthRule(SUMMARY_MAX),
      slug: (v) => (!v || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v) ? null : 'Use lower-case letters, digits and single dashes'),
      endDate: (v, values) => (v && values.startDate && v < values.startDate ? 'The end comes before the start' : null),
      doc: documentProblem,
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
      <LimitedTextInput label="Title" required limit={TITLE_MAX} {...form.getInputProps('title')} />
      {form.values.slug || form.isDirty('slug') ? (
        <TextInput label="Address (slug)" description="The project’s address; the old one keeps working after a change" {...form.getInputProps('slug')} />
      ) : null}
      <LimitedTextarea
        label="Summary"
        description="One or two sentences for the catalogue"
        autosize
        minRows={2}
        limit={SUMMARY_MAX}
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

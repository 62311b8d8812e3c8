import { Select, TextInput } from '@mantine/core';
import { lengthLimit, InstitutionInputSchema } from '@observatory/shared';
import { useForm, type UseFormReturnType } from '@mantine/form';
import type { Category, Institution } from '@observatory/shared';
import { LimitedTextarea, LimitedTextInput } from '../../components/LimitedInput';
import { lengthRule } from '../../lib/form-rules';

export interface InstitutionFormValues {
  name: string;
  url: string;
  ror: string;
  categoryId: string;
  description: string;
}

const UNCATEGORISED = '';
const NAME_MAX = lengthLimit(InstitutionInputSchema.shape.name);
const DESCRIPTION_MAX = lengthLimit(InstitutionInputSchema.shape.description);
const ROR = /^0[a-hj-km-np-tv-z0-9]{6}\d{2}$/;
const rorOf = (v: string) =>
  v
    .trim()
    .replace(/^https?:\/\/ror\.org\//i, '')
    .toLowerCase();

export const institutionFormValues = (i?: Institution): InstitutionFormValues => ({
  name: i?.name ?? '',
  url: i?.url ?? '',
  ror: i?.ror ?? '',
  categoryId: i?.categoryId ?? UNCATEGORISED,
  description: i?.description ?? '',
});

/** The institution form of the partner edit page and the admin screen: the same fields and rules. */
export function useInstitutionForm(initialValues: InstitutionFormValues = institutionFormValues()) {
  return useForm({
    initialValues,
    validate: {
      name: lengthRule(NAME_MAX, (v) => (v.trim() ? null : 'Give a name')),
      description: lengthRule(DESCRIPTION_MAX),
      url: (v) => (!v.trim() || /^https?:\/\/\S+\.\S+/.test(v.trim()) ? null : 'Give an http(s) address'),
      ror: (v) => (!v.trim() || ROR.test(rorOf(v)) ? null : 'Not a ROR id (e.g. 05a28rw58)'),
    },
  });
}

/** The values as the API takes them. */
export const toInstitutionInput = (v: InstitutionFormValues) => ({
  name: v.name.trim(),
  url: v.url.trim() || null,
  ror: v.ror.trim() ? rorOf(v.ror) : null,
  categoryId: v.categoryId || null,
  description: v.description.trim() || null,
});

export function InstitutionFields({ form, categories }: { form: UseFormReturnType<InstitutionFormValues>; categories: Category[] }) {
  const choices = [
    ...[...categories].sort((a, b) => a.position - b.position).map((c) => ({ value: c.id, label: c.name })),
    { value: UNCATEGORISED, label: 'Uncategorised' },
  ];
  return (
    <>
      <LimitedTextInput label="Name" required limit={NAME_MAX} {...form.getInputProps('name')} />
      <Select label="Category" data={choices} allowDeselect={false} {...form.getInputProps('categoryId')} />
      <TextInput label="Website" placeholder="https://example.org" {...form.getInputProps('url')} />
      <TextInput label="ROR id" placeholder="05a28rw58" description="From ror.org, the Research Organization Registry" {...form.getInputProps('ror')} />
      <LimitedTextarea label="Description" autosize minRows={3} limit={DESCRIPTION_MAX} {...form.getInputProps('description')} />
    </>
  );
}

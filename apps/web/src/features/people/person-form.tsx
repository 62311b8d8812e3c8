import { Textarea, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { isValidOrcid, normaliseOrcid } from '@observatory/shared';
import { textToDoc } from '../../lib/documents';

export interface PersonFormValues {
  name: string;
  orcid: string;
  bio: string;
}

/** The person form of the new and edit pages: the same fields, rules and conversion. */
export function usePersonForm(initialValues: PersonFormValues = { name: '', orcid: '', bio: '' }) {
  return useForm({
    initialValues,
    validate: {
      name: (v) => (v.trim() ? null : 'Give a name'),
      orcid: (v) => (!v.trim() || isValidOrcid(normaliseOrcid(v)) ? null : 'Not a valid ORCID iD (0000-0000-0000-0000, with a correct check digit)'),
    },
  });
}

/** The values as the API takes them. */
export const toPersonInput = (v: PersonFormValues) => ({
  name: v.name.trim(),
  orcid: v.orcid.trim() ? normaliseOrcid(v.orcid) : null,
  bio: textToDoc(v.bio),
});

export function PersonFields({ form }: { form: UseFormReturnType<PersonFormValues> }) {
  return (
    <>
      <TextInput label="Name" required {...form.getInputProps('name')} />
      <TextInput label="ORCID iD" placeholder="0000-0002-1825-0097" {...form.getInputProps('orcid')} />
      <Textarea label="About" description="Separate paragraphs with a blank line" autosize minRows={4} {...form.getInputProps('bio')} />
    </>
  );
}

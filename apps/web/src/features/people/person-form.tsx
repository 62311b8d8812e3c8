import { Checkbox, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { isValidOrcid, normaliseOrcid, type ProseMirrorDoc } from '@observatory/shared';
import { LazyRichTextEditor } from '../../components/LazyRichTextEditor';
import { documentProblem } from '../../lib/form-rules';

export interface PersonFormValues {
  name: string;
  orcid: string;
  noindex: boolean;
  bio: ProseMirrorDoc | null;
}

/** The person form of the new and edit pages: the same fields, rules and conversion. */
export function usePersonForm(initialValues: PersonFormValues = { name: '', orcid: '', noindex: false, bio: null }) {
  return useForm({
    initialValues,
    validate: {
      name: (v) => (v.trim() ? null : 'Give a name'),
      orcid: (v) => (!v.trim() || isValidOrcid(normaliseOrcid(v)) ? null : 'Not a valid ORCID iD (0000-0000-0000-0000, with a correct check digit)'),
      bio: documentProblem,
    },
  });
}

/** The values as the API takes them. */
export const toPersonInput = (v: PersonFormValues) => ({
  name: v.name.trim(),
  orcid: v.orcid.trim() ? normaliseOrcid(v.orcid) : null,
  noindex: v.noindex,
  bio: v.bio,
});

export function PersonFields({ form, onUnreadableBio }: { form: UseFormReturnType<PersonFormValues>; onUnreadableBio: () => void }) {
  return (
    <>
      <TextInput label="Name" required {...form.getInputProps('name')} />
      <TextInput label="ORCID iD" placeholder="0000-0002-1825-0097" {...form.getInputProps('orcid')} />
      <LazyRichTextEditor label="About" value={form.values.bio} onChange={(doc) => form.setFieldValue('bio', doc)} onUnreadable={onUnreadableBio} />
      <Checkbox
        label="Ask search engines not to index this page"
        description="The page still shows to visitors; search engines are asked to leave it out, and the sitemap and other pages’ descriptions for them name only the person"
        {...form.getInputProps('noindex', { type: 'checkbox' })}
      />
    </>
  );
}

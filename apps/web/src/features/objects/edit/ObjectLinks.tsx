import { useQuery } from '@tanstack/react-query';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { fieldErrors, FormError, showFieldErrors } from '../../../components/FormError';
import { useUnsavedChanges } from '../../../components/unsaved-changes';
import { InstitutionPicker } from '../../../components/pickers/InstitutionPicker';
import { institutionsQuery } from '../../../components/pickers/lists';
import { LinkList } from '../../../components/LinkList';
import { pickerProps, resetUnlessChanged } from '../../../components/pickers/form';
import type { PersonFound } from '../../../components/pickers/people';
import { PersonPicker } from '../../../components/pickers/PersonPicker';
import type { ObjectDetail } from '../api';
import { useObjectLinks } from './api';
import { linkTargetId, type ObjectLink } from './object-links';

/** The error of the last change; a refused move says that the old order is back. */
function LinkError({ links }: { links: Record<'save' | 'move' | 'remove', { error: unknown }> }) {
  if (links.move.error)
    return <FormError error={new Error(`The new order was not saved: ${(links.move.error as Error).message}. The previous order is back.`)} />;
  return <FormError error={links.save.error ?? links.remove.error} />;
}

const toItems = (links: ObjectLink[]) =>
  links.map((l) => ({ id: linkTargetId(l), position: l.position, name: 'person' in l ? l.person.name : l.institution.name, detail: l.role }));

/** The object's people in order: add with a role, drag to reorder, change the role, remove. */
export function ObjectPeople({ detail }: { detail: ObjectDetail }) {
  const links = useObjectLinks(detail.obj.name, 'people');
  const [picked, setPicked] = useState<PersonFound | null>(null);
  const form = useForm({ initialValues: { personId: '', role: '' }, validate: { personId: (v) => (v ? null : 'Choose a person') } });
  useUnsavedChanges(form.isDirty(), 'the person to add');
  const personField = pickerProps(form, 'personId');
  const people = detail.obj.people;
  return (
    <Stack gap="sm">
      <LinkError links={links} />
      {people.length === 0 ? <Text c="dimmed">No people yet.</Text> : null}
      <LinkList
        label="People in order"
        detailLabel="Role"
        listedOn="the object"
        items={toItems(people)}
        onMove={(id, position) => links.move.mutate({ id, position })}
        onSaveDetail={(id, role) => {
          const link = people.find((p) => p.person.id === id);
          if (link) links.save.mutate({ ...link, role });
        }}
        onRemove={(id) => links.remove.mutate(id)}
      />
      <form
        noValidate
        aria-label="Add a person"
        onSubmit={form.onSubmit((v) => {
          if (!picked || picked.id !== v.personId) return;
          links.save.mutate(
            { person: picked, role: v.role.trim() || null, position: people.length },
            {
              onSuccess: () => resetUnlessChanged(form, v),
              onError: (e) => showFieldErrors(form, fieldErrors(e)),
            },
          );
        })}
      >
        <Group align="flex-end" gap="sm">
          <PersonPicker
            w={280}
            {...personField}
            onChange={(id, person) => {
              setPicked(person);
              personField.onChange(id);
            }}
          />
          <TextInput label="Role" placeholder="Site manager" w={220} {...form.getInputProps('role')} />
          <Button type="submit" loading={links.save.isPending}>
            Add person
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

/** The object's institutions in order, as its people. */
export function ObjectInstitutions({ detail }: { detail: ObjectDetail }) {
  const links = useObjectLinks(detail.obj.name, 'institutions');
  const all = useQuery(institutionsQuery());
  const form = useForm({ initialValues: { institutionId: '', role: '' }, validate: { institutionId: (v) => (v ? null : 'Choose an institution') } });
  useUnsavedChanges(form.isDirty(), 'the institution to add');
  const institutions = detail.obj.institutions;
  return (
    <Stack gap="sm">
      <LinkError links={links} />
      {institutions.length === 0 ? <Text c="dimmed">No institutions yet.</Text> : null}
      <LinkList
        label="Institutions in order"
        detailLabel="Role"
        listedOn="the object"
        items={toItems(institutions)}
        onMove={(id, position) => links.move.mutate({ id, position })}
        onSaveDetail={(id, role) => {
          const link = institutions.find((i) => i.institution.id === id);
          if (link) links.save.mutate({ ...link, role });
        }}
        onRemove={(id) => links.remove.mutate(id)}
      />
      <form
        noValidate
        aria-label="Add an institution"
        onSubmit={form.onSubmit((v) => {
          const institution = all.data?.institutions.find((i) => i.id === v.institutionId);
          if (!institution) return;
          links.save.mutate(
            { institution: { id: institution.id, slug: institution.slug, name: institution.name }, role: v.role.trim() || null, position: institutions.length },
            {
              onSuccess: () => resetUnlessChanged(form, v),
              onError: (e) => showFieldErrors(form, fieldErrors(e)),
            },
          );
        })}
      >
        <Group align="flex-end" gap="sm">
          <InstitutionPicker w={320} {...pickerProps(form, 'institutionId')} />
          <TextInput label="Role" placeholder="Land owner" w={180} {...form.getInputProps('role')} />
          <Button type="submit" loading={links.save.isPending}>
            Add institution
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

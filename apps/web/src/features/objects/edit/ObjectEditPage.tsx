import { Anchor, Container, Stack, Title } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { PageSection } from '../../../components/PageSection';
import { PageState } from '../../../components/PageState';
import { paths } from '../../../config/paths';
import { objectLoadErrorText } from '../../../lib/errors';
import { useTitle } from '../../../lib/use-title';
import { useObject } from '../api';
import { DeleteObject } from './DeleteObject';
import { ObjectForm } from './ObjectForm';
import { ObjectInstitutions, ObjectPeople } from './ObjectLinks';

const NOT_ALLOWED = {
  status: 403,
  heading: 'Access Denied',
  message: 'You may not edit this object. Its editors are the owners and editors of its projects.',
  code: null,
};

/** The code the editor loads as it is drawn (its map, its documentation's editor), loaded ahead for use offline (app/router.tsx). */
export const loadEditorParts = () => Promise.all([import('./GeometryMap'), import('../../../components/RichTextEditor')]);

function NewObject() {
  useTitle('New object');
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Title order={1}>New object</Title>
        <ObjectForm />
      </Stack>
    </Container>
  );
}

function EditObject({ name }: { name: string }) {
  const object = useObject(name);
  useTitle(`Edit ${object.data?.obj.title ?? name}`);
  if (!object.data)
    return <PageState isPending={object.isPending} error={object.error} message={object.error ? objectLoadErrorText(object.error) : undefined} />;
  if (!object.data.permissions.includes('edit')) return <ErrorScreen error={NOT_ALLOWED} />;
  const detail = object.data;
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <Stack gap={4}>
          <Title order={1}>Edit {detail.obj.title}</Title>
          <Anchor component={Link} to={paths.object(detail.obj.name)} w="fit-content">
            Back to the object
          </Anchor>
        </Stack>
        <ObjectForm key={detail.obj.id} detail={detail} />
        <PageSection id="edit-people" title="People">
          <ObjectPeople detail={detail} />
        </PageSection>
        <PageSection id="edit-institutions" title="Institutions">
          <ObjectInstitutions detail={detail} />
        </PageSection>
        {detail.permissions.includes('delete') ? (
          <PageSection id="edit-delete" title="Delete">
            <DeleteObject detail={detail} />
          </PageSection>
        ) : null}
      </Stack>
    </Container>
  );
}

/** /data/new creates an object; /data/{name}/edit changes one (edit permission), its people, institutions, or deletes it. */
export default function ObjectEditPage() {
  const { name } = useParams();
  return name ? <EditObject key={name} name={name} /> : <NewObject />;
}

import { Container } from '@mantine/core';
import { useParams } from 'react-router';
import { AssetDetailView } from './AssetDetailView';

/**
 * /assets/{id}: an uploaded file and where it is used, for whoever may see one of its
 * usages, uploaded it, or manages assets. (/assets alone is the signed-in user's uploads.)
 */
export default function AssetPage() {
  const { id = '' } = useParams();
  return (
    <Container size="md" py="xl">
      <AssetDetailView key={id} id={id} />
    </Container>
  );
}

import { Container } from '@mantine/core';
import { hasGlobalPermission } from '@observatory/shared';
import { Navigate, useParams } from 'react-router';
import { NotFoundScreen } from '../../components/ErrorScreen';
import { PageState } from '../../components/PageState';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../lib/auth';
import { AssetDetailView } from './AssetDetailView';

/**
 * /assets/{id}: an uploaded file and where it is used, for whoever may see one of its
 * usages, uploaded it, or manages assets. /assets alone is the list in Site Admin for
 * those who manage assets, and not found for anyone else.
 */
export default function AssetPage() {
  const { id } = useParams();
  const { user, isLoading } = useCurrentUser();
  if (!id) {
    if (isLoading) return <PageState isPending error={null} />;
    return hasGlobalPermission(user, 'manageAssets') ? <Navigate to={paths.adminAssets} replace /> : <NotFoundScreen />;
  }
  return (
    <Container size="md" py="xl">
      <AssetDetailView key={id} id={id} />
    </Container>
  );
}

import { Anchor, Badge, Container, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { hasGlobalPermission, type AssetListItem } from '@observatory/shared';
import { FormError } from '../../components/FormError';
import { Paging } from '../../components/Paging';
import { PrefetchLink } from '../../components/PrefetchLink';
import { AdminTable, type AdminColumn } from '../../components/admin/AdminTable';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../lib/auth';
import { formatBytes } from '../../lib/bytes';
import { useDelayedFlag } from '../../lib/use-delayed';
import { useListParams } from '../../lib/use-list-params';
import { useTitle } from '../../lib/use-title';
import { assetName, formatDay } from './AssetDetailView';
import { useMyAssets } from './api';

const COLUMNS: AdminColumn<AssetListItem>[] = [
  {
    header: <VisuallyHidden>Preview</VisuallyHidden>,
    style: { width: 64 },
    cell: (asset) =>
      asset.image ? (
        <img src={asset.image.thumbUrl} alt="" width={48} height={48} loading="lazy" style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }} />
      ) : null,
  },
  {
    header: 'File',
    style: { overflowWrap: 'anywhere' },
    cell: (asset) => (
      <Anchor component={PrefetchLink} to={paths.asset(asset.id)} fw={500}>
        {assetName(asset)}
      </Anchor>
    ),
  },
  { header: 'Size', style: { whiteSpace: 'nowrap' }, cell: (asset) => formatBytes(asset.size) },
  {
    header: 'Uses',
    cell: (asset) =>
      asset.uses === 0 ? (
        <Badge color="gray" variant="light">
          unused
        </Badge>
      ) : (
        asset.uses
      ),
  },
  { header: 'Uploaded', style: { whiteSpace: 'nowrap' }, cell: (asset) => formatDay(asset.createdAt) },
];

/** /assets: the signed-in user's own uploads, newest first, each linking to its page (where an unused one may be removed). */
export default function MyUploadsPage() {
  useTitle('My uploads');
  const { user } = useCurrentUser();
  const { page, setPage } = useListParams([]);
  const assets = useMyAssets(page);
  const spinner = useDelayedFlag(assets.isPending);
  const list = assets.data?.data.assets;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>My uploads</Title>
        <Text size="sm" c="dimmed">
          The images you added to texts and comments, newest first, with the number of places that use each. One nothing uses may be removed on its page.
          {hasGlobalPermission(user, 'manageAssets') ? (
            <>
              {' '}
              Everyone’s files are in{' '}
              <Anchor component={PrefetchLink} to={paths.adminAssets}>
                Site Admin → Assets
              </Anchor>
              .
            </>
          ) : null}
        </Text>
        <FormError error={assets.error} />
        {spinner ? <Text aria-busy="true">Loading…</Text> : null}
        {list?.length === 0 ? <Text>You have not uploaded anything yet.</Text> : null}
        {list && list.length > 0 ? <AdminTable label="My uploads" minWidth={560} rows={list} rowKey={(a) => a.id} columns={COLUMNS} /> : null}
        <Paging pagination={assets.data?.pagination} page={page} onChange={setPage} noun={['file', 'files']} />
      </Stack>
    </Container>
  );
}

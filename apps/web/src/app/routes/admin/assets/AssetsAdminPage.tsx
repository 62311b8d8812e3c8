import { Anchor, Badge, Button, Card, Checkbox, Code, Group, List, Loader, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AssetListItem, AssetsResponse } from '@observatory/shared';
import { FormError } from '../../../../components/FormError';
import { PageSection } from '../../../../components/PageSection';
import { Paging } from '../../../../components/Paging';
import { PrefetchLink } from '../../../../components/PrefetchLink';
import { AdminTable, type AdminColumn } from '../../../../components/admin/AdminTable';
import { paths } from '../../../../config/paths';
import { assetName, formatDay } from '../../../../features/assets/AssetDetailView';
import { useAssets, useDeleteAsset, useStrayFiles, useSweepStrays } from '../../../../features/assets/api';
import { formatBytes } from '../../../../lib/bytes';
import { toErrorView } from '../../../../lib/errors';
import { useDelayedFlag } from '../../../../lib/use-delayed';
import { useListParams } from '../../../../lib/use-list-params';
import { useTitle } from '../../../../lib/use-title';
import { confirmDelete } from '../../../../components/confirm';

const WRAP = { overflowWrap: 'anywhere' } as const;
/** How many stray files are named before "and N more". */
const STRAYS_LISTED = 10;

const files = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'file' : 'files'}`;
const strayFiles = (n: number) => `${n.toLocaleString('en')} stray ${n === 1 ? 'file' : 'files'}`;

/** All files and their size; the unused ones and theirs. */
function Totals({ totals }: { totals: AssetsResponse['totals'] }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} component="section" aria-label="Totals" maw={560}>
      <Card withBorder>
        <Text size="xl" fw={700}>
          {files(totals.count)}
        </Text>
        <Text size="sm" c="dimmed">
          {formatBytes(totals.bytes)} in all
        </Text>
      </Card>
      <Card withBorder>
        <Text size="xl" fw={700}>
          {totals.unusedCount.toLocaleString('en')} unused
        </Text>
        <Text size="sm" c="dimmed">
          {formatBytes(totals.unusedBytes)} that nothing uses
        </Text>
      </Card>
    </SimpleGrid>
  );
}

/** A row of the list: the preview, the file and what is known of it. */
const ASSET_COLUMNS: AdminColumn<AssetListItem>[] = [
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
    style: WRAP,
    cell: (asset) => (
      <Anchor component={PrefetchLink} to={paths.adminAsset(asset.id)} fw={500}>
        {assetName(asset)}
      </Anchor>
    ),
  },
  { header: 'Type', style: WRAP, cell: (asset) => <Text size="sm">{asset.mediaType}</Text> },
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
  { header: 'Uploader', style: WRAP, cell: (asset) => asset.owner?.username ?? '—' },
  { header: 'Uploaded', style: { whiteSpace: 'nowrap' }, cell: (asset) => formatDay(asset.createdAt) },
];

/** Files in storage that no record names, and the sweep that removes them after a confirmation. */
function StrayFilesSection() {
  const strays = useStrayFiles();
  const sweep = useSweepStrays();
  const found = strays.data?.files ?? [];
  const confirmSweep = () =>
    confirmDelete({
      title: `Sweep ${strayFiles(found.length)}?`,
      message: `The ${files(found.length)} (${formatBytes(strays.data?.bytes ?? 0)}) that no record names are removed from storage. This cannot be undone.`,
      confirmLabel: 'Sweep',
      cancelLabel: 'Keep them',
      onConfirm: () => sweep.mutate(),
    });
  return (
    <PageSection id="asset-strays" title="Stray files">
      <Text size="sm" c="dimmed">
        Files in storage that no record names, older than an hour: left when an upload was interrupted between storing the file and saving its record.
      </Text>
      <FormError error={strays.error ?? sweep.error} />
      {strays.isPending ? <Loader size="sm" role="status" aria-label="Looking for stray files" /> : null}
      {strays.data && found.length === 0 ? <Text>No stray files.</Text> : null}
      {strays.data && found.length > 0 ? (
        <>
          <Text>{`${strayFiles(found.length)}, ${formatBytes(strays.data.bytes)}`}</Text>
          <List aria-label="Stray files found" size="sm" spacing={2}>
            {found.slice(0, STRAYS_LISTED).map((f) => (
              <List.Item key={f.key} style={WRAP}>
                <Code>{f.key}</Code> {formatBytes(f.size)}
              </List.Item>
            ))}
          </List>
          {found.length > STRAYS_LISTED ? <Text size="sm" c="dimmed">{`and ${found.length - STRAYS_LISTED} more`}</Text> : null}
          <Group>
            <Button variant="outline" color="danger" onClick={confirmSweep} loading={sweep.isPending}>
              {`Sweep ${strayFiles(found.length)}`}
            </Button>
          </Group>
        </>
      ) : null}
      <div role="status">{sweep.data ? <Text c="green.8">{`Removed ${files(sweep.data.removed)}, ${formatBytes(sweep.data.bytes)}`}</Text> : null}</div>
    </PageSection>
  );
}

/**
 * Site Admin → Assets: the totals, every uploaded file 25 a page (or only the unused ones,
 * the filter kept in the address) with how often each is used, Delete for an unused one
 * after a confirmation, and the stray files in storage with their sweep.
 */
export default function AssetsAdminPage() {
  useTitle('Assets · Site Admin');
  const { page, setPage, filters, setFilter } = useListParams(['unused']);
  const unusedOnly = filters.unused === 'true';
  const assets = useAssets(page, unusedOnly);
  const remove = useDeleteAsset();
  const busy = useDelayedFlag(assets.isFetching);
  const list = assets.data?.data.assets;
  const totals = assets.data?.data.totals;

  const askToDelete = (asset: AssetListItem) => {
    const name = assetName(asset);
    confirmDelete({
      title: `Delete “${name}”?`,
      message: `“${name}” (${formatBytes(asset.size)}) is removed from storage. This cannot be undone.`,
      onConfirm: () =>
        remove.mutate(asset.id, {
          onSuccess: () => notifications.show({ color: 'green', message: `“${name}” was deleted` }),
          onError: (error) => notifications.show({ color: 'danger', title: `“${name}” was not deleted`, message: toErrorView(error).message }),
        }),
    });
  };

  return (
    <Stack gap="lg">
      <Title order={1}>Assets</Title>
      <Text size="sm" c="dimmed">
        Every uploaded file, newest first, with the number of places that use it. A file nothing uses may be deleted.
      </Text>
      {totals ? <Totals totals={totals} /> : null}
      <Group gap="sm">
        <Checkbox label="Only unused" checked={unusedOnly} onChange={(e) => setFilter('unused', e.currentTarget.checked ? 'true' : null)} />
        {busy ? <Loader size="sm" role="status" aria-label="Loading" /> : null}
      </Group>
      <FormError error={assets.error} />
      {list?.length === 0 ? <Text>{unusedOnly ? 'Every file is in use.' : 'No files have been uploaded yet.'}</Text> : null}
      {list && list.length > 0 ? (
        <AdminTable
          label="Assets"
          minWidth={820}
          aria-busy={busy}
          highlightOnHover
          verticalSpacing="xs"
          rows={list}
          rowKey={(a) => a.id}
          columns={ASSET_COLUMNS}
          actions={(a) =>
            a.uses === 0 ? (
              <Button
                variant="subtle"
                color="danger"
                size="xs"
                onClick={() => askToDelete(a)}
                loading={remove.isPending && remove.variables === a.id}
                aria-label={`Delete ${assetName(a)}`}
              >
                Delete
              </Button>
            ) : null
          }
        />
      ) : null}
      <Paging pagination={assets.data?.pagination} page={page} onChange={setPage} noun={['file', 'files']} />
      <StrayFilesSection />
    </Stack>
  );
}

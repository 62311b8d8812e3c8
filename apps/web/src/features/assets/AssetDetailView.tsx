import { Anchor, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFile } from '@tabler/icons-react';
import type { Asset, AssetDetail } from '@observatory/shared';
import { useNavigate } from 'react-router';
import { FormError } from '../../components/FormError';
import { PageSection } from '../../components/PageSection';
import { DetailRow } from '../../components/DetailRow';
import { PageState } from '../../components/PageState';
import { PrefetchLink } from '../../components/PrefetchLink';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { useHasPermission } from '../../lib/auth';
import { formatBytes } from '../../lib/bytes';
import { objectLoadErrorText } from '../../lib/errors';
import { useTitle } from '../../lib/use-title';
import { useAsset, useDeleteAsset } from './api';
import { confirmDelete } from '../../components/confirm';

const WRAP = { overflowWrap: 'anywhere' } as const;
/** The longest side of an image's display version (ImageRef.url). */
const DISPLAY_SIDE = 400;

/** What an asset is called where it has no file name (an image pasted or made by the server). */
export const assetName = (asset: Pick<Asset, 'fileName'>) => asset.fileName ?? 'Unnamed file';

export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en', { dateStyle: 'long' });

/** The image at its display size (room kept for it before it loads) and a link to the large one; for another file, its name and type. */
function Preview({ asset }: { asset: Asset }) {
  const name = assetName(asset);
  if (!asset.image) {
    return (
      <Paper withBorder p="md" w="fit-content" maw="100%">
        <Group gap="sm" wrap="nowrap">
          <IconFile size={32} aria-hidden />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={500} style={WRAP}>
              {name}
            </Text>
            <Text size="sm" c="dimmed" style={WRAP}>
              {asset.mediaType}
            </Text>
          </Stack>
        </Group>
      </Paper>
    );
  }
  const scale = asset.width && asset.height ? Math.min(1, DISPLAY_SIDE / Math.max(asset.width, asset.height)) : null;
  return (
    <Stack gap={6} align="flex-start">
      <img
        src={asset.image.url}
        alt={`The image ${name}`}
        {...(scale !== null ? { width: Math.round(asset.width! * scale), height: Math.round(asset.height! * scale) } : {})}
        style={{ maxWidth: '100%', height: 'auto', display: 'block', borderRadius: 4 }}
      />
      <Anchor href={asset.image.largeUrl ?? asset.image.url} target="_blank" rel="noreferrer" size="sm">
        Open the large image
      </Anchor>
    </Stack>
  );
}

/** The places it is used that the reader may see (links where they have a page), and how many more they may not. */
function Usages({ detail }: { detail: AssetDetail }) {
  const { usages, hiddenUsages } = detail;
  const hidden = `${hiddenUsages} ${usages.length ? 'more ' : ''}${hiddenUsages === 1 ? 'place' : 'places'} you cannot see`;
  return (
    <PageSection id="asset-usages" title="Where it is used">
      {usages.length === 0 && hiddenUsages === 0 ? <Text>Not used anywhere.</Text> : null}
      {usages.length > 0 ? (
        <List aria-labelledby="asset-usages" spacing={4}>
          {usages.map((u, i) => (
            <List.Item key={`${u.kind}-${u.path ?? ''}-${i}`} style={WRAP}>
              {u.path ? (
                <Anchor component={PrefetchLink} to={u.path}>
                  {u.label}
                </Anchor>
              ) : (
                u.label
              )}
            </List.Item>
          ))}
        </List>
      ) : null}
      {hiddenUsages > 0 ? <Text c="dimmed">{usages.length ? `and ${hidden}` : `Used in ${hidden}`}</Text> : null}
    </PageSection>
  );
}

/**
 * An uploaded file: the image (or the file's name and type), its size, dimensions,
 * uploader and date, where it is used, and Delete (after a confirmation) when the reader
 * may remove it. Shown at /assets/{id} and inside Site Admin.
 */
export function AssetDetailView({ id, titleSuffix = '' }: { id: string; titleSuffix?: string }) {
  const navigate = useNavigate();
  const detail = useAsset(id);
  const remove = useDeleteAsset();
  const managesAssets = useHasPermission('manageAssets');
  const name = detail.data ? assetName(detail.data.asset) : 'File';
  useTitle(`${name}${titleSuffix}`, !!detail.data);
  // Deleted since it was shown (here or elsewhere): not found, whatever is remembered of it.
  const gone = detail.error instanceof ApiError && detail.error.status === 404;
  if (!detail.data || gone)
    return <PageState isPending={detail.isPending} error={detail.error} message={detail.error ? objectLoadErrorText(detail.error) : undefined} />;
  const { asset, permissions } = detail.data;

  const askToDelete = () =>
    confirmDelete({
      title: `Delete “${name}”?`,
      message: 'The file and its versions are removed from storage. This cannot be undone.',
      onConfirm: () =>
        remove.mutate(asset.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: `“${name}” was deleted` });
            void navigate(managesAssets ? paths.adminAssets : paths.home);
          },
        }),
    });

  return (
    <Stack gap="lg" component="article" aria-labelledby="asset-title">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Title order={1} id="asset-title" style={{ ...WRAP, minWidth: 0, flex: '1 1 16rem' }}>
          {name}
        </Title>
        {permissions.includes('delete') ? (
          <Button variant="outline" color="danger" size="xs" onClick={askToDelete} loading={remove.isPending}>
            Delete file
          </Button>
        ) : null}
      </Group>
      <FormError error={remove.error} />
      <Preview asset={asset} />
      <Stack component="dl" gap={6} m={0}>
        <DetailRow name="Type">{asset.mediaType}</DetailRow>
        <DetailRow name="Size">{formatBytes(asset.size)}</DetailRow>
        {asset.width && asset.height ? <DetailRow name="Dimensions">{`${asset.width} × ${asset.height} pixels`}</DetailRow> : null}
        <DetailRow name="Uploaded by">{asset.owner?.username ?? 'Unknown'}</DetailRow>
        <DetailRow name="Uploaded">{formatDay(asset.createdAt)}</DetailRow>
      </Stack>
      <Usages detail={detail.data} />
    </Stack>
  );
}

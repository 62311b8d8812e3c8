import { Group, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { IMAGE_SIZES, type Asset, type AssetDetail } from '@observatory/shared';
import { api } from '../lib/api-client';
import { assetKeys } from '../lib/query-keys';
import classes from './RichText.module.css';

/** GET assets/{id}, under the key the asset pages use, so one answer serves both. */
function useDocumentAsset(id: string) {
  return useQuery({
    queryKey: assetKeys.detail(id),
    queryFn: ({ signal }) => api.get<AssetDetail>(`/assets/${encodeURIComponent(id)}`, undefined, signal),
    // An image's versions do not change; signed URLs last an hour (IMAGE_URL_TTL_SECONDS).
    staleTime: 30 * 60 * 1000,
  });
}

/** How wide a version of at most `longest` pixels on its longest side is. */
const versionWidth = (asset: Asset, longest: number) => {
  const { width, height } = asset;
  if (!width || !height) return longest;
  return Math.round(width * Math.min(1, longest / Math.max(width, height)));
};

/** The display version, and the large one for wide or dense screens when the image has more pixels. */
function sources(asset: Asset) {
  const image = asset.image!;
  const display = versionWidth(asset, IMAGE_SIZES.display);
  const large = versionWidth(asset, IMAGE_SIZES.large);
  if (!image.largeUrl || large <= display) return { src: image.url };
  return { src: image.url, srcSet: `${image.url} ${display}w, ${image.largeUrl} ${large}w`, sizes: '(max-width: 48em) 100vw, 48em' };
}

/**
 * An image of a document, by its asset: the URLs come from GET assets/{id} (signed when
 * what holds it is restricted). Its description shows while it loads; a gone or unseen
 * image says it is not available.
 */
export function RichTextImage({ asset: id, alt }: { asset: string; alt: string }) {
  const query = useDocumentAsset(id);
  const asset = query.data?.asset;
  if (query.isPending) {
    return (
      <div className={classes.imagePlaceholder} role="img" aria-label={alt || 'An image, loading'} aria-busy>
        {alt ? (
          <Text size="sm" c="dimmed">
            {alt}
          </Text>
        ) : null}
      </div>
    );
  }
  if (!asset?.image) {
    return (
      <Group className={classes.imageMissing} gap="xs" wrap="nowrap">
        <IconPhotoOff size={18} stroke={1.5} aria-hidden />
        <Text size="sm" c="dimmed">
          Image not available{alt ? `: ${alt}` : ''}
        </Text>
      </Group>
    );
  }
  return <img className={classes.image} {...sources(asset)} alt={alt} loading="lazy" width={asset.width ?? undefined} height={asset.height ?? undefined} />;
}

import { Anchor, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { PrefetchLink } from '../../../../components/PrefetchLink';
import { paths } from '../../../../config/paths';
import { AssetDetailView } from '../../../../features/assets/AssetDetailView';

/** Site Admin → Assets → one file: the asset's own page inside Site Admin, with the way back to the list. */
export default function AssetAdminPage() {
  const { id = '' } = useParams();
  return (
    <Stack gap="md">
      <Anchor component={PrefetchLink} to={paths.adminAssets} size="sm" w="fit-content">
        All assets
      </Anchor>
      <AssetDetailView key={id} id={id} titleSuffix=" · Assets · Site Admin" />
    </Stack>
  );
}

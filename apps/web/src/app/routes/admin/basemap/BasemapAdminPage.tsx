import { Alert, Anchor, Button, Code, Group, Radio, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { BASEMAP_PROVIDERS, type BasemapProvider, type BasemapState } from '@observatory/shared';
import { Link } from 'react-router';
import { fieldErrors, FormError, showFieldErrors, unplacedError } from '../../../../components/FormError';
import { PageState } from '../../../../components/PageState';
import { useUnsavedChanges } from '../../../../components/unsaved-changes';
import { paths } from '../../../../config/paths';
import { useTitle } from '../../../../lib/use-title';
import { useBasemap, usePutBasemap } from './api';

type Values = { provider: string; styleUrl: string; origins: string };
const FIELDS = ['provider', 'styleUrl', 'origins.'] as const;

/** What choosing a provider means: what it looks like, whom to credit, its terms and the hosts visitors' browsers reach. */
function ProviderDetails({ provider }: { provider: BasemapProvider }) {
  return (
    <Stack gap={2}>
      <Text size="sm">
        {provider.description} {provider.kind === 'raster' ? 'Raster tiles.' : 'Vector tiles.'}
      </Text>
      <Text size="sm">Attribution shown on the map: {provider.attribution}</Text>
      <Text size="sm">
        Offline caching: {provider.offline}{' '}
        <Anchor href={provider.termsUrl} target="_blank" rel="noreferrer" fz="inherit" underline="always">
          Terms of use
        </Anchor>
      </Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        Loads from {provider.origins.join(', ')}
      </Text>
    </Stack>
  );
}

/** The server's rule for a style's address, checked before sending. */
function styleUrlProblem(value: string): string | null {
  if (!value) return 'Give the style’s address';
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) ? null : 'Give an http or https address';
}

const valuesOf = (state: BasemapState): Values => ({
  provider: state.setting.provider,
  styleUrl: state.setting.styleUrl ?? '',
  origins: state.setting.origins.join('\n'),
});

function BasemapForm({ state }: { state: BasemapState }) {
  const put = usePutBasemap();
  const form = useForm<Values>({
    initialValues: valuesOf(state),
    validate: { styleUrl: (v, all) => (all.provider === 'custom' ? styleUrlProblem(v.trim()) : null) },
  });
  useUnsavedChanges(form.isDirty(), 'the basemap');
  const custom = form.values.provider === 'custom';
  const save = (v: Values) =>
    put.mutate(
      custom
        ? {
            provider: 'custom',
            styleUrl: v.styleUrl.trim(),
            origins: v.origins
              .split(/[\s,]+/)
              .map((o) => o.trim())
              .filter(Boolean),
          }
        : { provider: v.provider },
      {
        onSuccess: (saved) => {
          form.setValues(valuesOf(saved));
          form.resetDirty(valuesOf(saved));
          notifications.show({ color: 'green', message: 'Basemap saved: maps opened from now on draw it' });
        },
        onError: (e) => {
          const errors = fieldErrors(e);
          // An origin's error names its line ("origins.1"): shown at the one field.
          const origins = Object.entries(errors).find(([field]) => field.startsWith('origins.'));
          showFieldErrors(form, { ...errors, ...(origins ? { origins: origins[1] } : {}) });
        },
      },
    );
  return (
    <form noValidate onSubmit={form.onSubmit(save)} aria-label="Basemap">
      <Stack gap="md">
        <FormError error={unplacedError(put.error, FIELDS)} />
        <Radio.Group label="Draw the maps on" {...form.getInputProps('provider')}>
          <Stack gap="md" mt="xs">
            <Radio
              value="none"
              label="No basemap: the built-in background (default)"
              description="Land and sea outlines shipped with the catalogue. Nothing is loaded from any other host, so visitors' browsers tell no one else what they look at."
            />
            {BASEMAP_PROVIDERS.map((p) => (
              <Radio key={p.id} value={p.id} label={p.name} description={<ProviderDetails provider={p} />} />
            ))}
            <Radio
              value="custom"
              label="A custom MapLibre style"
              description="A style on a tile server of your own or of a provider you have an agreement with."
            />
          </Stack>
        </Radio.Group>
        {custom && (
          <Stack gap="sm" pl="xl">
            <TextInput
              label="Style URL"
              placeholder="https://tiles.example.org/styles/basic/style.json"
              description="An http(s) address of a MapLibre style JSON"
              required
              {...form.getInputProps('styleUrl')}
            />
            <Textarea
              label="Further hosts"
              placeholder="https://fonts.example.net"
              description="Origins the style loads tiles, fonts or icons from besides its own, one per line: the browser refuses any host not named here"
              rows={3}
              {...form.getInputProps('origins')}
            />
          </Stack>
        )}
        <Text size="sm" c="dimmed">
          A basemap from another host is told each visitor’s IP address and the area they view; the{' '}
          <Anchor component={Link} to={paths.privacy} fz="inherit" underline="always">
            privacy page
          </Anchor>{' '}
          names the hosts chosen here. When the basemap cannot be reached, the maps draw the built-in background.
        </Text>
        <Group>
          <Button type="submit" loading={put.isPending} disabled={!form.isDirty()}>
            Save basemap
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Site Admin → Basemap (manageSettings): what the maps draw under the data. */
export default function BasemapAdminPage() {
  useTitle('Basemap · Site Admin');
  const state = useBasemap();
  if (!state.data) return <PageState isPending={state.isPending} error={state.error} />;
  const { environmentStyleUrl } = state.data;
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>Basemap</Title>
      {environmentStyleUrl && (
        <Alert color="yellow" title="The server’s environment sets the basemap">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Code>MAP_STYLE_URL</Code> is set to {environmentStyleUrl}: the maps draw that style, whatever is chosen here. Remove it from the server’s
            environment to use this setting.
          </Text>
        </Alert>
      )}
      <BasemapForm state={state.data} />
    </Stack>
  );
}

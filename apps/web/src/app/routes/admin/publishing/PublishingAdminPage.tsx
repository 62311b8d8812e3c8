import { Anchor, Button, Group, Radio, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { DATA_LICENCES, type PublishingSetting } from '@observatory/shared';
import { fieldErrors, FormError, showFieldErrors, unplacedError } from '../../../../components/FormError';
import { PageState } from '../../../../components/PageState';
import { useUnsavedChanges } from '../../../../components/unsaved-changes';
import { useTitle } from '../../../../lib/use-title';
import { usePublishing, usePutPublishing } from './api';

const OTHER = 'other';
type Values = { licence: string; licenceName: string; licenceUrl: string; indexing: boolean; robotsExtra: string };
const FIELDS = ['licence.name', 'licence.url', 'indexing', 'robotsExtra'] as const;

const valuesOf = (s: PublishingSetting): Values => {
  const offered = DATA_LICENCES.find((l) => l.url === s.licence.url);
  return {
    licence: offered?.url ?? OTHER,
    licenceName: offered ? '' : s.licence.name,
    licenceUrl: offered ? '' : s.licence.url,
    indexing: s.indexing,
    robotsExtra: s.robotsExtra,
  };
};

const settingOf = (v: Values): PublishingSetting => {
  const offered = DATA_LICENCES.find((l) => l.url === v.licence);
  return {
    licence: offered ? { name: offered.name, url: offered.url } : { name: v.licenceName.trim(), url: v.licenceUrl.trim() },
    indexing: v.indexing,
    robotsExtra: v.robotsExtra,
  };
};

const httpUrlProblem = (value: string) =>
  URL.canParse(value) && /^https?:$/.test(new URL(value).protocol) ? null : 'Give the licence’s http or https address';

function PublishingForm({ setting }: { setting: PublishingSetting }) {
  const put = usePutPublishing();
  const form = useForm<Values>({
    initialValues: valuesOf(setting),
    validate: {
      licenceName: (v, all) => (all.licence === OTHER && !v.trim() ? 'Name the licence' : null),
      licenceUrl: (v, all) => (all.licence === OTHER ? httpUrlProblem(v.trim()) : null),
    },
  });
  useUnsavedChanges(form.isDirty(), 'the publishing settings');
  const save = (v: Values) =>
    put.mutate(settingOf(v), {
      onSuccess: (saved) => {
        form.setValues(valuesOf(saved));
        form.resetDirty(valuesOf(saved));
        notifications.show({ color: 'green', message: 'Publishing settings saved' });
      },
      onError: (e) => {
        const { 'licence.name': licenceName, 'licence.url': licenceUrl, ...rest } = fieldErrors(e);
        showFieldErrors(form, { ...rest, ...(licenceName ? { licenceName } : {}), ...(licenceUrl ? { licenceUrl } : {}) });
      },
    });
  return (
    <form noValidate onSubmit={form.onSubmit(save)} aria-label="Publishing">
      <Stack gap="md">
        <FormError error={unplacedError(put.error, FIELDS)} />
        <Radio.Group
          label="Data licence"
          description="Named in every page’s footer and in the schema.org description search engines and data catalogues read"
          {...form.getInputProps('licence')}
        >
          <Stack gap="sm" mt="xs">
            {DATA_LICENCES.map((l) => (
              <Radio key={l.url} value={l.url} label={l.name} description={l.url} />
            ))}
            <Radio value={OTHER} label="Another licence" />
          </Stack>
        </Radio.Group>
        {form.values.licence === OTHER && (
          <Stack gap="sm" pl="xl">
            <TextInput label="Licence name" required {...form.getInputProps('licenceName')} />
            <TextInput label="Licence address" placeholder="https://…" required {...form.getInputProps('licenceUrl')} />
          </Stack>
        )}
        <Switch
          label="Invite search engines to index the catalogue"
          description="Off: robots.txt asks every crawler to stay away and names no sitemap. Pages of people who asked not to be indexed are never invited."
          {...form.getInputProps('indexing', { type: 'checkbox' })}
        />
        <Textarea
          label="Further robots.txt lines"
          description="Added as written after the catalogue’s own rules: a User-agent group of your own, a Crawl-delay…"
          placeholder={'User-agent: ExampleBot\nDisallow: /'}
          autosize
          minRows={3}
          maxRows={12}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('robotsExtra')}
        />
        <Text size="sm" c="dimmed">
          Crawlers read{' '}
          <Anchor href="/robots.txt" target="_blank" fz="inherit" underline="always">
            robots.txt
          </Anchor>{' '}
          and{' '}
          <Anchor href="/sitemap.xml" target="_blank" fz="inherit" underline="always">
            sitemap.xml
          </Anchor>
          ; every server uses a change within seconds.
        </Text>
        <Group>
          <Button type="submit" loading={put.isPending} disabled={!form.isDirty()}>
            Save publishing settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Site Admin → Publishing (manageSettings): the data licence, and what crawlers are told. */
export default function PublishingAdminPage() {
  useTitle('Publishing · Site Admin');
  const state = usePublishing();
  if (!state.data) return <PageState isPending={state.isPending} error={state.error} />;
  return (
    <Stack gap="lg" maw={760}>
      <Title order={1}>Publishing</Title>
      <PublishingForm setting={state.data} />
    </Stack>
  );
}

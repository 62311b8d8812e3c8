import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MetadataFields } from '../../../../../components/metadata/MetadataFields';
import { metadataFormValues, validateMetadata, type MetadataField } from '../../../../../components/metadata/metadata-form';
import { previewFields } from './preview';

/** The generated form, to fill in as a trial: "Check the values" applies the form's own rules. */
function TrialForm({ fields }: { fields: MetadataField[] }) {
  const form = useForm({
    initialValues: { metadata: metadataFormValues(fields, {}) },
    validate: (values) => Object.fromEntries(Object.entries(validateMetadata(fields, values.metadata)).map(([key, message]) => [`metadata.${key}`, message])),
  });
  return (
    <form noValidate aria-label="Preview of the form" onSubmit={form.onSubmit(() => form.clearErrors())}>
      <Stack gap="sm">
        <MetadataFields fields={fields} form={form} typeCount={1} />
        {fields.length ? (
          <Group>
            <Button type="submit" variant="default" size="xs">
              Check the values
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}

/**
 * The form the schema makes for an object, drawn with the object forms' own parts, from
 * the last draft that could be read; `stale` says the text has changed since into something
 * that cannot.
 */
export function SchemaPreview({ schema, stale }: { schema: Record<string, unknown>; stale: boolean }) {
  const preview = previewFields(schema, 'this schema');
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="schema-preview" style={{ alignSelf: 'start' }}>
      <Stack gap="sm">
        <Title order={2} size="h4" id="schema-preview">
          Preview
        </Title>
        <Text size="sm" c="dimmed">
          The fields an object of a type with this schema gets in its form.
        </Text>
        {stale ? (
          <Alert color="yellow" p="xs">
            The JSON does not read as a schema right now: this is the preview of the last version that did.
          </Alert>
        ) : null}
        {preview.fields ? (
          <TrialForm key={JSON.stringify(preview.fields)} fields={preview.fields} />
        ) : (
          <Alert color="yellow" p="xs">
            The form cannot be drawn from this schema: {preview.error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

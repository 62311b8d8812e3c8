import { metadataFields, type MetadataField } from '../../../../../components/metadata/metadata-form';

export type PreviewFields = { fields: MetadataField[]; error: null } | { fields: null; error: string };

/**
 * The fields of the form a schema makes, as the object forms build them. A draft is not
 * yet checked (a title that is a number, an enum that is not a list): what the form
 * builder cannot read is answered as a reason, not thrown.
 */
export function previewFields(schema: Record<string, unknown>, typeName: string): PreviewFields {
  try {
    return { fields: metadataFields([{ name: typeName, schemas: [schema] }]), error: null };
  } catch (error) {
    return { fields: null, error: error instanceof Error ? error.message : String(error) };
  }
}

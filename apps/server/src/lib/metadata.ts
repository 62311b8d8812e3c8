import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { AppError } from './errors.js';

/** A type as the check sees it: its name (for messages) and its schemas, all of which must hold. */
export interface TypeSchemas {
  name: string;
  schemas: Record<string, unknown>[];
}

/**
 * Checks an object's metadata against the JSON Schemas of its types (every schema of
 * every type must hold). Compiled schemas are cached by their JSON, so a changed schema
 * compiles anew.
 */
export function createMetadataValidator() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  const cache = new Map<string, ValidateFunction>();
  const compile = (schema: Record<string, unknown>) => {
    const key = JSON.stringify(schema);
    let validate = cache.get(key);
    if (!validate) cache.set(key, (validate = ajv.compile(schema)));
    return validate;
  };

  return {
    /**
     * Throws a 400 naming each field (body.metadata.<path>) and what is wrong with it. Each
     * type checks its own fields; a field no type knows is refused unless a type allows
     * fields of its own (no schema, or additionalProperties not false).
     */
    check(metadata: Record<string, unknown>, types: TypeSchemas[]): void {
      const details = types.flatMap((type) =>
        type.schemas.flatMap((schema) => {
          const validate = compile(withoutClosedFields(schema));
          return validate(metadata) ? [] : (validate.errors ?? []).map((e) => detailOf(e, type.name));
        }),
      );
      const schemas = types.flatMap((t) => t.schemas);
      const open = types.some((t) => t.schemas.length === 0) || schemas.some((s) => s.additionalProperties !== false);
      if (!open) {
        const known = new Set(schemas.flatMap((s) => Object.keys((s.properties as Record<string, unknown> | undefined) ?? {})));
        const names = types.map((t) => t.name).join(' or ') || 'this object';
        for (const field of Object.keys(metadata))
          if (!known.has(field)) details.push({ field: `body.metadata.${field}`, message: `is not a field of ${names}` });
      }
      if (details.length)
        throw new AppError('VALIDATION_FAILED', `The metadata does not fit: ${details.map((d) => `${d.field}: ${d.message}`).join('; ')}`, { details });
    },

    /** What is wrong with a schema as JSON Schema 2020-12 (against the meta-schema, then compiling it), or null. */
    problemOf(schema: Record<string, unknown>): string | null {
      if (!ajv.validateSchema(schema)) return (ajv.errors ?? []).map((e) => `${e.instancePath || 'the schema'} ${e.message ?? 'is not valid'}`).join('; ');
      if (schema.type !== undefined && schema.type !== 'object') return 'A metadata schema describes an object: its type must be "object"';
      try {
        compile(schema);
        return null;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
  };
}
export type MetadataValidator = ReturnType<typeof createMetadataValidator>;

/** The schema without `additionalProperties: false` at the top: the fields of the other types are checked by them. */
function withoutClosedFields(schema: Record<string, unknown>): Record<string, unknown> {
  if (schema.additionalProperties !== false) return schema;
  const { additionalProperties: _closed, ...rest } = schema;
  return rest;
}

/** "/elevation" -> body.metadata.elevation; a missing or unknown property names itself. */
function detailOf(error: ErrorObject, typeName: string): { field: string; message: string } {
  const path = error.instancePath.split('/').filter(Boolean);
  const params = error.params as { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[] };
  const extra = params.missingProperty ?? params.additionalProperty;
  if (extra) path.push(extra);
  const field = ['body', 'metadata', ...path].join('.');
  const message = error.keyword === 'enum' ? `must be one of ${(params.allowedValues ?? []).join(', ')}` : `${error.message ?? 'is not valid'} (${typeName})`;
  return { field, message };
}

import type { Database } from '../../db/client.js';
import type { MetadataValidator } from '../../lib/metadata.js';
import { createMetadataSchemasService } from './metadata-schemas/service.js';
import { createMetricsService } from './metrics/service.js';
import { createNodesService } from './nodes/service.js';
import { createObjectTypesService } from './object-types/service.js';
import { createUnitsService } from './units/service.js';

/** The catalogue's data schema: units, metrics, metadata schemas, object types and the node tree (readable by all; manageSchema to change). */
export function createSchemaService(deps: { db: Database; validator: MetadataValidator }) {
  const { db, validator } = deps;
  const nodes = createNodesService({ db, validator });
  return {
    units: createUnitsService({ db }),
    metrics: createMetricsService({ db }),
    schemas: createMetadataSchemasService({ db, validator }),
    types: createObjectTypesService({ db }),
    nodeTypes: nodes.types,
    nodes: nodes.tree,
  };
}
export type SchemaService = ReturnType<typeof createSchemaService>;

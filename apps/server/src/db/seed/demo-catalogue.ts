import { MetricInputSchema, NodeInputSchema, NodeTypeInputSchema, ObjectTypeInputSchema, type MetricInput, type NodeInput } from '@observatory/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { settings } from '../schema/index.js';

/** Set once the demo metrics and node tree are in: a second start adds nothing. */
const SEEDED_KEY = 'demo_catalogue_seeded';

const number = (name: string, title: string, unit: string | null, min: number | null, max: number | null, description: string): MetricInput => ({
  name,
  title,
  unit,
  type: 'number',
  min,
  max,
  description,
});

/** What the demo observatory measures, with UCUM units (`har` is a hectare, `Cel` a degree Celsius). */
export const DEMO_METRICS: MetricInput[] = [
  number('soil-organic-carbon', 'Soil organic carbon', 'g/kg', 0, 1000, 'Organic carbon in the fine earth, by dry combustion.'),
  number('total-nitrogen', 'Total nitrogen', 'g/kg', 0, 100, 'Total nitrogen in the fine earth.'),
  number('cn-ratio', 'C:N ratio', '1', 0, 200, 'Soil organic carbon over total nitrogen.'),
  number('soil-ph', 'Soil pH', '[pH]', 0, 14, 'pH in water, 1:2.5.'),
  number('bulk-density', 'Bulk density', 'g/cm3', 0, 3, 'Dry mass of soil over its volume, from cores.'),
  number('soil-moisture', 'Volumetric soil moisture', '%', 0, 100, 'Water volume over soil volume, at 10 cm.'),
  number('soil-temperature', 'Soil temperature', 'Cel', -60, 60, 'At 10 cm depth.'),
  number('water-table-depth', 'Water table depth', 'cm', 0, 2000, 'Below the surface.'),
  number('air-temperature', 'Air temperature', 'Cel', -90, 60, 'At 2 m, shaded.'),
  number('precipitation', 'Precipitation', 'mm', 0, 2000, 'Daily total.'),
  number('relative-humidity', 'Relative humidity', '%', 0, 100, 'At 2 m.'),
  number('wind-speed', 'Wind speed', 'm/s', 0, 120, 'At 10 m, 10-minute mean.'),
  number('global-radiation', 'Global radiation', 'W/m2', 0, 1500, 'Shortwave, on a horizontal surface.'),
  number('snow-depth', 'Snow depth', 'cm', 0, 2000, 'At the station’s snow stake.'),
  number('ndvi', 'NDVI', '1', -1, 1, 'Normalised difference vegetation index.'),
  number('canopy-height', 'Canopy height', 'm', 0, 120, 'Mean height of the top of the canopy.'),
  number('leaf-area-index', 'Leaf area index', 'm2/m2', 0, 15, 'One-sided leaf area per ground area.'),
  number('aboveground-biomass', 'Aboveground biomass', 'g/m2', 0, 100000, 'Dry mass, clipped and weighed.'),
  number('tree-cover', 'Tree cover', '%', 0, 100, 'Share of the ground under tree crowns.'),
  {
    ...number('chlorophyll-a', 'Chlorophyll a', 'ug/L', 0, 1000, 'Algal biomass in the water, from in-situ fluorescence.'),
    // Daily means: a jump of 20 µg/L against both neighbours, or ten equal days, asks for a look.
    rules: [
      { kind: 'spike', name: 'Spike', flag: 'suspect', threshold: 20 },
      { kind: 'flat', name: 'Flat line', flag: 'suspect', count: 10 },
    ],
  },
  {
    name: 'species-richness',
    title: 'Species richness',
    unit: '{count}',
    type: 'integer',
    min: 0,
    max: null,
    description: 'Vascular plant species in the plot.',
  },
  {
    name: 'dominant-vegetation',
    title: 'Dominant vegetation',
    unit: null,
    type: 'category',
    allowed: ['forest', 'shrub', 'grassland', 'heath', 'mire', 'bare'],
    description: 'The cover type of most of the plot.',
  },
  { name: 'permafrost', title: 'Permafrost present', unit: null, type: 'boolean', description: 'Whether frozen ground persists through summer.' },
  { name: 'soil-sampled', title: 'Soil sampled on', unit: null, type: 'date', description: 'The day the last cores were taken.' },
];

/** The metrics measured on each built-in object type. */
export const DEMO_TYPE_METRICS: Record<string, string[]> = {
  property: ['precipitation', 'air-temperature', 'tree-cover'],
  site: ['air-temperature', 'precipitation', 'relative-humidity', 'wind-speed', 'global-radiation', 'snow-depth', 'permafrost', 'chlorophyll-a'],
  'vegetation-plot': ['ndvi', 'canopy-height', 'leaf-area-index', 'aboveground-biomass', 'species-richness', 'dominant-vegetation', 'tree-cover'],
  'soil-plot': [
    'soil-organic-carbon',
    'total-nitrogen',
    'cn-ratio',
    'soil-ph',
    'bulk-density',
    'soil-moisture',
    'soil-temperature',
    'water-table-depth',
    'soil-sampled',
  ],
};

/** The schemas of the node types: a theme has keywords, a variable names its metric and method. */
const NODE_SCHEMAS = [
  {
    slug: 'theme-basics',
    title: 'Theme basics',
    schema: {
      type: 'object',
      properties: { keywords: { type: 'string', title: 'Keywords', description: 'Separated by commas', maxLength: 300 } },
      additionalProperties: false,
    },
  },
  {
    slug: 'variable-basics',
    title: 'Variable basics',
    schema: {
      type: 'object',
      properties: {
        metric: { type: 'string', title: 'Metric', description: 'The metric it is measured as' },
        method: { type: 'string', title: 'Method', maxLength: 300 },
        interval: { type: 'string', title: 'Interval', enum: ['10 minutes', 'hourly', 'daily', 'yearly', 'once'] },
      },
      required: ['metric'],
      additionalProperties: false,
    },
  },
];

const theme = (parent: string | null, slug: string, title: string, description: string, keywords: string[]): NodeInput => ({
  parent,
  slug,
  title,
  description,
  type: 'theme',
  metadata: { keywords: keywords.join(', ') },
});
const variable = (parent: string, slug: string, title: string, metric: string, method: string, interval: string): NodeInput => ({
  parent,
  slug,
  title,
  type: 'variable',
  metadata: { metric, method, interval },
});

/** The data catalogue's tree, parents before children. */
export const DEMO_NODES: NodeInput[] = [
  theme(null, 'soil', 'Soil', 'Soil chemistry and physics from the plots’ cores and sensors.', ['soil', 'pedology']),
  theme('soil', 'chemistry', 'Soil chemistry', 'Laboratory analyses of the fine earth.', ['carbon', 'nutrients']),
  variable('soil/chemistry', 'carbon', 'Soil organic carbon', 'soil-organic-carbon', 'Dry combustion (ISO 10694)', 'yearly'),
  variable('soil/chemistry', 'nitrogen', 'Total nitrogen', 'total-nitrogen', 'Dry combustion (ISO 13878)', 'yearly'),
  variable('soil/chemistry', 'ph', 'Soil pH', 'soil-ph', 'Glass electrode in water, 1:2.5 (ISO 10390)', 'yearly'),
  theme('soil', 'physics', 'Soil physics', 'Structure, water and temperature of the soil.', ['hydrology']),
  variable('soil/physics', 'bulk-density', 'Bulk density', 'bulk-density', 'Core method, dried at 105 °C', 'once'),
  variable('soil/physics', 'moisture', 'Soil moisture', 'soil-moisture', 'Time-domain reflectometry at 10 cm', 'hourly'),
  variable('soil/physics', 'temperature', 'Soil temperature', 'soil-temperature', 'Thermistor at 10 cm', 'hourly'),
  theme(null, 'climate', 'Climate', 'The stations’ meteorological records.', ['meteorology']),
  variable('climate', 'air-temperature', 'Air temperature', 'air-temperature', 'Ventilated radiation shield at 2 m', '10 minutes'),
  variable('climate', 'precipitation', 'Precipitation', 'precipitation', 'Weighing gauge', 'daily'),
  variable('climate', 'snow-depth', 'Snow depth', 'snow-depth', 'Ultrasonic ranger', 'daily'),
  theme(null, 'vegetation', 'Vegetation', 'Plot surveys and remote sensing of plant cover.', ['ecology', 'remote sensing']),
  variable('vegetation', 'ndvi', 'NDVI', 'ndvi', 'Sentinel-2 L2A, cloud-masked', 'daily'),
  variable('vegetation', 'canopy-height', 'Canopy height', 'canopy-height', 'Airborne lidar', 'once'),
  variable('vegetation', 'species-richness', 'Species richness', 'species-richness', 'Full species list per plot', 'yearly'),
];

/**
 * The demo's data schema: metrics on the built-in types (their units added to the list
 * when UCUM's table lacks them) and a node tree, made through the schema service as the
 * administrator would, in one transaction, once.
 */
export async function seedDemoCatalogue(app: FastifyInstance): Promise<void> {
  const { schema, users } = app.services;
  try {
    await app.database.transaction(async (tx) => {
      if ((await tx.select().from(settings).where(eq(settings.key, SEEDED_KEY))).length) return;
      const admin = await users.findByLogin('admin');
      const actor = admin && (await users.actorFor(admin.id));
      if (!actor) return;
      const listed = new Set((await schema.units.listUnits()).map((u) => u.code));
      for (const metric of DEMO_METRICS) {
        if (metric.unit && !listed.has(metric.unit)) {
          await schema.units.createUnit(actor, { code: metric.unit });
          listed.add(metric.unit);
        }
        await schema.metrics.createMetric(actor, MetricInputSchema.parse(metric));
      }
      for (const [slug, metrics] of Object.entries(DEMO_TYPE_METRICS)) {
        const type = await schema.types.getType(slug);
        const input = { name: type.name, marker: type.marker, parents: type.parents, metrics, metadata_schemas: Object.keys(type.metadata_schemas) };
        await schema.types.updateType(actor, slug, ObjectTypeInputSchema.parse(input));
      }
      for (const s of NODE_SCHEMAS) await schema.schemas.createSchema(actor, s);
      await schema.nodeTypes.createNodeType(actor, NodeTypeInputSchema.parse({ slug: 'theme', name: 'Theme', schema: 'theme-basics' }));
      await schema.nodeTypes.createNodeType(actor, NodeTypeInputSchema.parse({ slug: 'variable', name: 'Variable', schema: 'variable-basics' }));
      for (const node of DEMO_NODES) await schema.nodes.createNode(actor, NodeInputSchema.parse(node));
      await tx.insert(settings).values({ key: SEEDED_KEY, value: sql`now()::text` });
    });
  } catch (err) {
    // Demo data must never stop a start.
    app.log.warn({ err }, 'Demo metrics and node tree not added');
  }
}

/**
 * Object types every installation starts with (added at the first start; administrators
 * manage them from then on): a property holds sites, a site holds plots. The metadata of
 * each follows its JSON Schema, "{slug}-basics" (units in `x-unit`, shown next to the values).
 */
export const BUILTIN_OBJECT_TYPES = [
  {
    slug: 'property',
    name: 'Property',
    marker: 'default',
    position: 0,
    parents: [] as string[],
    schema: {
      type: 'object',
      properties: {
        owner: { type: 'string', title: 'Owner', maxLength: 200 },
        area: { type: 'number', title: 'Area', minimum: 0, 'x-unit': 'ha' },
        established: { type: 'integer', title: 'Established', minimum: 1800, maximum: 2100 },
      },
      additionalProperties: false,
    },
  },
  {
    slug: 'site',
    name: 'Site',
    marker: 'mini',
    position: 1,
    parents: ['property'],
    schema: {
      type: 'object',
      properties: {
        elevation: { type: 'number', title: 'Elevation', minimum: -500, maximum: 9000, 'x-unit': 'm' },
        habitat: { type: 'string', title: 'Habitat', enum: ['forest', 'grassland', 'wetland', 'alpine', 'tundra', 'river', 'lake', 'agricultural', 'urban'] },
        siteCode: { type: 'string', title: 'Site code', maxLength: 20 },
      },
      additionalProperties: false,
    },
  },
  {
    slug: 'vegetation-plot',
    name: 'Vegetation plot',
    marker: 'veg',
    position: 2,
    parents: ['site'],
    schema: {
      type: 'object',
      properties: {
        plotSize: { type: 'number', title: 'Plot size', exclusiveMinimum: 0, 'x-unit': 'm²' },
        canopyCover: { type: 'number', title: 'Canopy cover', minimum: 0, maximum: 100, 'x-unit': '%' },
        surveyed: { type: 'string', title: 'Last surveyed', format: 'date' },
      },
      additionalProperties: false,
    },
  },
  {
    slug: 'soil-plot',
    name: 'Soil plot',
    marker: 'soil',
    position: 3,
    parents: ['site'],
    schema: {
      type: 'object',
      properties: {
        depth: { type: 'number', title: 'Profile depth', minimum: 0, 'x-unit': 'cm' },
        soilType: { type: 'string', title: 'Soil type (WRB)', maxLength: 100 },
        ph: { type: 'number', title: 'pH', minimum: 0, maximum: 14 },
      },
      additionalProperties: false,
    },
  },
];

import type { DocumentBlock, ProseMirrorDoc } from '@observatory/shared';
import { slugify } from '../../lib/slugs.js';
import { createRandom, type Random } from './random.js';

/**
 * The demo geo-objects: fifteen properties at real research landscapes (their outlines are
 * invented, their places are not), the study sites inside them and the plots of each site,
 * about three hundred objects in all. Everything that varies (where a site lies, its
 * elevation, a plot's canopy cover, the notes) is drawn from a seeded generator per
 * property, so every run makes the same set. seed/objects.ts writes it.
 */

type Habitat = 'forest' | 'grassland' | 'wetland' | 'alpine' | 'tundra' | 'river' | 'lake' | 'agricultural' | 'urban';
type DemoOwner = 'ada' | 'grace' | 'mei';
export type LonLat = [number, number];
export type Visibility = 'public' | 'signed-in' | 'members';

interface PropertySpec {
  /** The property's URL name; its sites' and plots' names start with `code`. */
  name: string;
  code: string;
  title: string;
  /** Roughly the middle of the landscape, [longitude, latitude]. */
  center: LonLat;
  /** How far the boundary reaches from the centre. */
  radiusKm: number;
  landowner: string;
  established: number;
  /** Elevations of its sites, m a.s.l. */
  elevation: [number, number];
  soils: string[];
  /** The demo account that records it: the owner of its projects. */
  creator: DemoOwner;
  /** Titles of demo projects (demo-projects.ts) it belongs to, its sites and plots too. */
  projects: string[];
  visibility?: Visibility;
  /** Person slugs and roles, in order. */
  people: [string, string][];
  /** Institution slugs and roles, in order. */
  institutions: [string, string][];
  /** With a code of its own where the field work names it so (else the property's code and a number). */
  sites: [title: string, habitat: Habitat, code?: string][];
  doc?: ProseMirrorDoc;
}

export const SAMPLE_PROJECT_TITLE = 'Sample project: Alpine treeline monitoring';
const HOLOCENE = 'Holocene land cover of Europe from pollen';
const SHRUBS = 'Shrub expansion in the tundra at Abisko and Toolik';
const GREEN_UP = 'Spring green-up forecasts at Harvard Forest and Bartlett';
const DROUGHT = 'Grassland drought at Konza and the Central Plains';
const BOGS = 'Carbon in the bogs of the Bohemian Forest';
const BUDMOTH = 'Larch budmoth outbreaks in Alpine tree rings';
const SNOW = 'Data rescue: the Davos snow-pit notebooks';
const SED_DNA = 'Sedimentary DNA from Scandinavian lakes (proposal)';

const text = (t: string) => ({ type: 'text' as const, text: t });
const p = (t: string): DocumentBlock => ({ type: 'paragraph', content: [text(t)] });
const h = (t: string): DocumentBlock => ({ type: 'heading', attrs: { level: 2 }, content: [text(t)] });
const ul = (...items: string[]): DocumentBlock => ({ type: 'bulletList', content: items.map((i) => ({ type: 'listItem', content: [p(i)] })) });
const doc = (...content: DocumentBlock[]): ProseMirrorDoc => ({ type: 'doc', content });

export const DEMO_PROPERTIES: PropertySpec[] = [
  {
    name: 'davos-treeline',
    code: 'dav',
    title: 'Davos treeline valleys',
    center: [9.885, 46.755],
    radiusKm: 4,
    landowner: 'Gemeinde Davos',
    established: 2021,
    elevation: [1950, 2400],
    soils: ['Podzol', 'Cambisol', 'Leptosol'],
    creator: 'ada',
    projects: [SAMPLE_PROJECT_TITLE],
    people: [
      ['ada', 'Principal investigator'],
      ['farah-haddad', 'Field lead'],
      ['oskar-nystrom', 'Soil temperature loggers'],
    ],
    institutions: [
      ['wsl', 'Operator'],
      ['davos-station', 'Field station'],
    ],
    sites: [
      ['Dischma transect D1 (north-facing)', 'forest', 'D1'],
      ['Dischma transect D2 (south-facing)', 'alpine', 'D2'],
      ['Flüela transect F1', 'forest', 'F1'],
      ['Flüela transect F2', 'grassland', 'F2'],
      ['Sertig transect S1', 'alpine', 'S1'],
      ['Sertig transect S2', 'forest', 'S2'],
    ],
    doc: doc(
      p(
        'Three side valleys of the Landwasser above Davos where the treeline transects of the sample project run, from closed larch and stone pine forest up to 200 m above the last tree.',
      ),
      h('Access'),
      ul('Dischma: by the valley road from Davos Dorf, then on foot', 'Flüela: from the pass road, parking at Tschuggen', 'Sertig: from Sertig Dörfli'),
      p('Grazing: sheep on the Flüela slopes until 1998; cattle below the forest in the Sertig valley every summer.'),
    ),
  },
  {
    name: 'weissfluhjoch',
    code: 'wfj',
    title: 'Weissfluhjoch snow study area',
    center: [9.806, 46.829],
    radiusKm: 1.2,
    landowner: 'Davos Klosters Bergbahnen',
    established: 1936,
    elevation: [2450, 2690],
    soils: ['Leptosol', 'Regosol'],
    creator: 'grace',
    projects: [SNOW],
    visibility: 'signed-in',
    people: [
      ['grace', 'Data manager'],
      ['tomas', 'Transcription'],
      ['sven-eriksson', 'Snow observer'],
    ],
    institutions: [['wsl', 'Operator']],
    sites: [
      ['Versuchsfeld snow pits', 'alpine'],
      ['Ridge weather mast', 'alpine'],
      ['Parsenn slope', 'grassland'],
      ['Totalp scree', 'alpine'],
    ],
  },
  {
    name: 'lotschental',
    code: 'lot',
    title: 'Lötschental larch stands',
    center: [7.8, 46.42],
    radiusKm: 3,
    landowner: 'Burgergemeinden of the Lötschental',
    established: 1976,
    elevation: [1450, 2150],
    soils: ['Cambisol', 'Podzol', 'Leptosol'],
    creator: 'grace',
    projects: [BUDMOTH],
    people: [
      ['grace', 'Project lead'],
      ['tomas', 'Tree-ring sampling'],
      ['matteo-bianchi', 'Dendrochronologist'],
    ],
    institutions: [
      ['wsl', 'Tree-ring laboratory'],
      ['university-of-bern', 'Partner'],
    ],
    sites: [
      ['Fafleralp larch forest', 'forest'],
      ['Weissenried', 'forest'],
      ['Kühmad', 'forest'],
      ['Lauchernalp slope', 'grassland'],
      ['Blatten larch meadow', 'grassland'],
    ],
  },
  {
    name: 'abisko',
    code: 'abi',
    title: 'Abisko birch–tundra ecotone',
    center: [18.8, 68.345],
    radiusKm: 4,
    landowner: 'Swedish state (Abisko National Park and surroundings)',
    established: 1913,
    elevation: [360, 1000],
    soils: ['Podzol', 'Histosol', 'Cryosol', 'Leptosol'],
    creator: 'grace',
    projects: [SHRUBS],
    people: [
      ['grace', 'Project lead'],
      ['mei', 'Drone surveys'],
      ['elin-berg', 'Station ecologist'],
      ['bjorn-holm', 'Field technician'],
    ],
    institutions: [
      ['abisko-station', 'Field station'],
      ['university-of-lund', 'Partner'],
    ],
    sites: [
      ['Njulla slope', 'tundra'],
      ['Stordalen mire', 'wetland'],
      ['Björkliden heath', 'tundra'],
      ['Kärkevagge', 'alpine'],
      ['Abisko valley birch forest', 'forest'],
      ['Lake Torneträsk shore', 'lake'],
    ],
    doc: doc(
      p(
        'The mountain birch forest of the Abisko valley meets the tundra between 600 and 700 m. Photo pairs from the 1970s show shrubs and birch moving upslope since.',
      ),
      h('What is measured'),
      ul(
        'Shrub cover and height on repeat-photo plots',
        'Active-layer depth on the Stordalen mire every September',
        'Drone orthophotos of the ecotone each July',
      ),
    ),
  },
  {
    name: 'toolik',
    code: 'too',
    title: 'Toolik Lake tundra',
    center: [-149.6, 68.63],
    radiusKm: 3.5,
    landowner: 'U.S. Bureau of Land Management',
    established: 1975,
    elevation: [700, 880],
    soils: ['Cryosol', 'Histosol', 'Gleysol'],
    creator: 'grace',
    projects: [SHRUBS],
    people: [
      ['mei', 'Drone surveys'],
      ['grace', 'Data manager'],
      ['finn-walsh', 'Field technician'],
    ],
    institutions: [['usgs', 'Partner']],
    sites: [
      ['Moist acidic tundra', 'tundra'],
      ['Imnavait Creek', 'river'],
      ['Toolik inlet', 'lake'],
      ['Dry heath ridge', 'tundra'],
      ['Shrub tundra terrace', 'tundra'],
    ],
  },
  {
    name: 'kilpisjarvi-lakes',
    code: 'kil',
    title: 'Kilpisjärvi lake catchments',
    center: [20.82, 69.04],
    radiusKm: 3,
    landowner: 'Metsähallitus',
    established: 2026,
    elevation: [470, 900],
    soils: ['Podzol', 'Leptosol', 'Histosol'],
    creator: 'ada',
    projects: [SED_DNA],
    visibility: 'members',
    people: [
      ['ada', 'Principal investigator'],
      ['henrik-aalto', 'Limnologist'],
    ],
    institutions: [['university-of-helsinki', 'Field station']],
    sites: [
      ['Lake Saanajärvi', 'lake'],
      ['Lake Tsahkaljärvi', 'lake'],
      ['Lake Mallajärvi', 'lake'],
      ['Saana fell slope', 'tundra'],
    ],
  },
  {
    name: 'niwot-ridge',
    code: 'niw',
    title: 'Niwot Ridge alpine tundra',
    center: [-105.59, 40.055],
    radiusKm: 3,
    landowner: 'Roosevelt National Forest (U.S. Forest Service)',
    established: 1952,
    elevation: [3000, 3600],
    soils: ['Cambisol', 'Leptosol', 'Cryosol'],
    creator: 'ada',
    projects: [SAMPLE_PROJECT_TITLE],
    people: [
      ['mei', 'Site contact'],
      ['ada', 'Treeline comparison'],
    ],
    institutions: [['neon', 'Operator']],
    sites: [
      ['Saddle grid', 'alpine'],
      ['Subalpine forest flux tower', 'forest'],
      ['Green Lakes valley', 'lake'],
      ['Treeline krummholz', 'forest'],
    ],
  },
  {
    name: 'harvard-forest',
    code: 'har',
    title: 'Harvard Forest',
    center: [-72.19, 42.53],
    radiusKm: 2.5,
    landowner: 'Harvard University',
    established: 1907,
    elevation: [220, 410],
    soils: ['Cambisol', 'Podzol', 'Gleysol'],
    creator: 'mei',
    projects: [GREEN_UP],
    people: [
      ['mei', 'Principal investigator'],
      ['kofi-mensah', 'Phenocam network'],
      ['priya-iyer', 'Data scientist'],
    ],
    institutions: [
      ['neon', 'Partner'],
      ['efi', 'Forecast challenge'],
    ],
    sites: [
      ['Prospect Hill tract', 'forest'],
      ['Tom Swamp tract', 'wetland'],
      ['Simes tract', 'forest'],
      ['Environmental Measurement Station', 'forest'],
      ['Black Gum Swamp', 'wetland'],
    ],
  },
  {
    name: 'bartlett',
    code: 'bar',
    title: 'Bartlett Experimental Forest',
    center: [-71.29, 44.055],
    radiusKm: 2.5,
    landowner: 'White Mountain National Forest (U.S. Forest Service)',
    established: 1931,
    elevation: [220, 900],
    soils: ['Podzol', 'Cambisol'],
    creator: 'mei',
    projects: [GREEN_UP],
    people: [
      ['mei', 'Principal investigator'],
      ['kofi-mensah', 'Phenocam network'],
    ],
    institutions: [['neon', 'Partner']],
    sites: [
      ['Headquarters hardwood stand', 'forest'],
      ['Albany Brook', 'river'],
      ['Upper Bartlett hardwoods', 'forest'],
      ['Cave Mountain spruce', 'forest'],
    ],
  },
  {
    name: 'konza-prairie',
    code: 'kon',
    title: 'Konza Prairie',
    center: [-96.575, 39.09],
    radiusKm: 3.5,
    landowner: 'The Nature Conservancy and Kansas State University',
    established: 1971,
    elevation: [320, 440],
    soils: ['Chernozem', 'Phaeozem', 'Vertisol'],
    creator: 'mei',
    projects: [DROUGHT],
    people: [
      ['mei', 'Principal investigator'],
      ['rosa-garcia', 'Grassland ecologist'],
      ['ugo-moreau', 'Rainout shelters'],
    ],
    institutions: [
      ['neon', 'Partner'],
      ['usgs', 'Stream gauges'],
    ],
    sites: [
      ['Watershed 1D', 'grassland'],
      ['Watershed 4B', 'grassland'],
      ['Kings Creek', 'river'],
      ['Rainout shelter block', 'grassland'],
      ['Bison pasture uplands', 'grassland'],
      ['Headquarters cropland', 'agricultural'],
    ],
    doc: doc(
      p(
        'Tallgrass prairie in the Flint Hills, burned on a watershed schedule since 1972. The drought experiment put rainout shelters on two upland watersheds for four years.',
      ),
      ul('Burned every year: watershed 1D', 'Burned every four years: watershed 4B', 'Grazed by bison: the northern uplands'),
    ),
  },
  {
    name: 'sumava-bogs',
    code: 'sum',
    title: 'Šumava raised bogs',
    center: [13.6, 49.01],
    radiusKm: 5,
    landowner: 'Šumava National Park',
    established: 1991,
    elevation: [900, 1250],
    soils: ['Histosol', 'Gleysol', 'Podzol'],
    creator: 'ada',
    projects: [BOGS],
    people: [
      ['ada', 'Principal investigator'],
      ['hana-dvorak', 'Peat coring'],
      ['tereza-svobodova', 'Radiocarbon dating'],
      ['jana-horak', 'Field assistant'],
    ],
    institutions: [
      ['charles-university', 'Lead'],
      ['ufz', 'Partner'],
    ],
    sites: [
      ['Chalupská slať', 'wetland'],
      ['Jezerní slať', 'wetland'],
      ['Tříjezerní slať', 'wetland'],
      ['Rokytská slať', 'wetland'],
      ['Rybárenská slať', 'wetland'],
      ['Spruce forest margin', 'forest'],
    ],
    doc: doc(
      p('Five raised bogs on the plateau of the Bohemian Forest, cored in 2024 for their carbon stock and its accumulation over the Holocene.'),
      h('Cores'),
      ul('Russian corer, 50 cm sections to the mineral base', 'Bulk density and carbon every 2 cm', 'Radiocarbon dates on plant macrofossils'),
    ),
  },
  {
    name: 'feldberg',
    code: 'fel',
    title: 'Feldberg, Black Forest',
    center: [8.0, 47.87],
    radiusKm: 3,
    landowner: 'State of Baden-Württemberg (Feldberg nature reserve)',
    established: 1937,
    elevation: [1000, 1490],
    soils: ['Podzol', 'Cambisol', 'Histosol'],
    creator: 'ada',
    projects: [HOLOCENE],
    people: [
      ['ada', 'Principal investigator'],
      ['wiebke-schulz', 'Pollen analyst'],
      ['jonas-weber', 'Field assistant'],
    ],
    institutions: [['senckenberg', 'Partner']],
    sites: [
      ['Feldsee cirque lake', 'lake'],
      ['Feldberg summit heath', 'alpine'],
      ['Rotmeer bog', 'wetland'],
      ['Zastler Loch', 'forest'],
      ['Hinterzarten mire', 'wetland'],
    ],
  },
  {
    name: 'cairngorms',
    code: 'cai',
    title: 'Cairngorms uplands',
    center: [-3.7, 57.1],
    radiusKm: 4,
    landowner: 'Rothiemurchus Estate and the Cairngorms National Park Authority',
    established: 2003,
    elevation: [300, 1100],
    soils: ['Podzol', 'Histosol', 'Leptosol'],
    creator: 'ada',
    projects: [HOLOCENE],
    people: [
      ['finn-walsh', 'Site manager'],
      ['ada', 'Pollen records'],
    ],
    institutions: [['university-of-lund', 'Partner']],
    sites: [
      ['Loch Einich', 'lake'],
      ['Glen Feshie pinewood', 'forest'],
      ['Coire an t-Sneachda', 'alpine'],
      ['Rothiemurchus bog', 'wetland'],
      ['Cairn Gorm plateau', 'alpine'],
    ],
  },
  {
    name: 'ordesa',
    code: 'ord',
    title: 'Ordesa valley, Central Pyrenees',
    center: [-0.03, 42.655],
    radiusKm: 3.5,
    landowner: 'Ordesa y Monte Perdido National Park',
    established: 1918,
    elevation: [1300, 2600],
    soils: ['Leptosol', 'Cambisol', 'Luvisol'],
    creator: 'ada',
    projects: [HOLOCENE],
    people: [
      ['carmen-lopez', 'Park ecologist'],
      ['gabriela-ramos', 'Pollen analyst'],
      ['ada', 'Principal investigator'],
    ],
    institutions: [['cnrs-ecology', 'Partner']],
    sites: [
      ['Góriz meadows', 'grassland'],
      ['Circo de Soaso', 'alpine'],
      ['Turieto beech forest', 'forest'],
      ['Ibón de Marboré', 'lake'],
      ['Cotatuero cliffs', 'alpine'],
    ],
  },
  {
    name: 'hyytiala',
    code: 'hyy',
    title: 'Hyytiälä boreal forest',
    center: [24.29, 61.845],
    radiusKm: 2.5,
    landowner: 'University of Helsinki',
    established: 1910,
    elevation: [140, 200],
    soils: ['Podzol', 'Histosol', 'Regosol'],
    creator: 'ada',
    projects: [HOLOCENE],
    people: [
      ['henrik-aalto', 'Station scientist'],
      ['aino-novak', 'Pollen analyst'],
    ],
    institutions: [['university-of-helsinki', 'Operator']],
    sites: [
      ['SMEAR II pine stand', 'forest'],
      ['Lake Kuivajärvi', 'lake'],
      ['Siikaneva fen', 'wetland'],
      ['Spruce mire edge', 'wetland'],
      ['Clear-cut chronosequence', 'forest'],
    ],
  },
];

/** One object as seed/objects.ts creates it, parents before their children. */
export interface PlannedObject {
  level: 'property' | 'site' | 'plot';
  name: string;
  title: string;
  types: string[];
  /** The parent's name. */
  parent: string | null;
  geo: { type: 'Polygon'; coordinates: LonLat[][] } | { type: 'Point'; coordinates: LonLat };
  metadata: Record<string, unknown>;
  visibility: Visibility;
  projects: string[];
  creator: DemoOwner;
  people: [string, string][];
  institutions: [string, string][];
  doc: ProseMirrorDoc | null;
  /** Written `daysAgo` days before the seed runs. */
  notes: { author: string; content: string; daysAgo: number }[];
  /** Taken `daysAgo` days before the seed runs (in daylight: the seed starts at midnight UTC), at `at`. */
  photo: { caption: string; daysAgo: number; at: LonLat } | null;
}

const KM_PER_DEGREE_LAT = 110.574;
const kmPerDegreeLon = (lat: number) => 111.32 * Math.cos((lat * Math.PI) / 180);
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The point `km` away from `from` in direction `angle` (radians, counter-clockwise from east). */
function offset(from: LonLat, km: number, angle: number): LonLat {
  return [round6(from[0] + (km * Math.cos(angle)) / kmPerDegreeLon(from[1])), round6(from[1] + (km * Math.sin(angle)) / KM_PER_DEGREE_LAT)];
}

/**
 * A closed boundary with 7 to 10 corners at growing angles around the centre and radii of
 * 70–100 % of `radiusKm`: a star-shaped ring, so never self-intersecting, counter-clockwise
 * as GeoJSON wants its outer rings.
 */
function boundary(random: Random, center: LonLat, radiusKm: number): LonLat[] {
  const corners = random.int(7, 10);
  const start = random.between(0, Math.PI);
  const ring = Array.from({ length: corners }, (_, i) => {
    const angle = start + ((i + random.between(0.15, 0.85)) / corners) * 2 * Math.PI;
    return offset(center, radiusKm * random.between(0.7, 1), angle);
  });
  return [...ring, ring[0]!];
}

/** The ring's area in hectares, on a flat local grid (plenty exact for a few kilometres). */
export function areaHa(ring: LonLat[]): number {
  const lat = ring[0]![1];
  let twice = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[i + 1]!;
    twice += x1 * kmPerDegreeLon(lat) * y2 * KM_PER_DEGREE_LAT - x2 * kmPerDegreeLon(lat) * y1 * KM_PER_DEGREE_LAT;
  }
  return Math.round(Math.abs(twice / 2) * 100 * 10) / 10;
}

const DAY_TWO_YEARS = 730;

/** A day in the growing season (June to September) within the past two years, as whole days before the seed. */
function fieldDay(random: Random, now: Date): number {
  for (;;) {
    const days = random.int(1, DAY_TWO_YEARS);
    const month = new Date(now.getTime() - days * 86_400_000).getUTCMonth();
    if (month >= 5 && month <= 8) return days;
  }
}

/** A time between 8 and 17 o'clock (UTC) on a field day, as days before the seed. */
const fieldTime = (random: Random, now: Date) => fieldDay(random, now) - random.between(8, 17) / 24;

const isoDay = (now: Date, daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);

const PROPERTY_NOTES = [
  'Access road open again after the winter; the gate code is unchanged.',
  'Boundary markers checked along the northern edge: two replaced, one missing near the stream.',
  'Met the landowner’s representative: permission for the coming field season confirmed in writing.',
  'New logger batteries for all stations are in the station store, labelled by site.',
  'Storm damage after last week’s front: several trees down across the lower path, reported to the forest service.',
  'Safety briefing for the field assistants done; the emergency contact list is pinned in the hut.',
  'Drone flights need a new permit from next year; application sent.',
  'The weather station lost power for four days in January; data gap noted in the station log.',
  'Visiting group from the summer school walked the main transect; no plots were entered.',
  'Updated the site map with the GNSS positions from this season.',
];
const SITE_NOTES: Record<Habitat | 'any', string[]> = {
  any: [
    'All plot corners found; one aluminium tag replaced.',
    'Soil temperature logger read out; the series is complete since the last visit.',
    'Photo point re-shot from the marked boulder, same focal length as last year.',
    'First snow-free day recorded here this spring.',
    'Fence around the exclosure repaired where deer had pushed it over.',
  ],
  forest: [
    'Seedling census done: many new larch seedlings in the gaps.',
    'Canopy photos taken at all plots at noon, overcast sky.',
    'Bark beetle traces on two spruce at the upper edge.',
  ],
  grassland: [
    'Biomass clipped in the four sub-plots; bags drying at the station.',
    'Grazing started a week earlier than planned this year.',
    'Flowering peak of the dominant grasses recorded.',
  ],
  wetland: [
    'Water table 12 cm below the surface, lower than usual for the season.',
    'Boardwalk to the coring point needs repair before the next visit.',
    'Sphagnum growth wires re-measured.',
  ],
  alpine: [
    'Snow lay until early July in the hollows; plots partly under snow on the first visit.',
    'Cushion plants flowering; marmot burrows next to plot 2.',
    'Frost heave moved one of the plot corner pegs.',
  ],
  tundra: [
    'Active layer 48 cm at the probe grid, a few centimetres deeper than last year.',
    'Shrub heights measured on all tagged dwarf birch.',
    'Lemming year: many runways under the moss.',
  ],
  river: ['Discharge measured with the flow meter at the gauging section.', 'High water moved the gravel bar; the staff gauge is still readable.'],
  lake: [
    'Ice-off observed today.',
    'Surface water sampled for chlorophyll and nutrients; Secchi depth 4.2 m.',
    'Sediment trap recovered and redeployed at the deep point.',
  ],
  agricultural: ['Field ploughed by the farmer; plot markers kept outside the furrows.'],
  urban: [],
};

const PLOT_SIZES = { closed: [100, 400], open: [1, 4, 25] } as const;

function siteMetadata(random: Random, spec: PropertySpec, habitat: Habitat, code: string) {
  const [low, high] = spec.elevation;
  return { elevation: Math.round(random.between(low, high)), habitat, siteCode: code };
}

function plotMetadata(random: Random, spec: PropertySpec, habitat: Habitat, types: string[], now: Date) {
  const forest = habitat === 'forest';
  const metadata: Record<string, unknown> = {};
  if (types.includes('vegetation-plot')) {
    metadata.plotSize = random.pick(forest ? PLOT_SIZES.closed : PLOT_SIZES.open);
    metadata.canopyCover = Math.round(forest ? random.between(35, 95) : random.between(0, 25));
    metadata.surveyed = isoDay(now, fieldDay(random, now));
  }
  if (types.includes('soil-plot')) {
    const soilType = habitat === 'wetland' ? 'Histosol' : random.pick(spec.soils);
    metadata.depth = soilType === 'Leptosol' ? random.int(4, 8) * 5 : random.int(8, 24) * 5;
    metadata.soilType = soilType;
    const acid = ['Podzol', 'Histosol'].includes(soilType);
    metadata.ph = Math.round((acid ? random.between(3.4, 4.8) : random.between(4.8, 7.4)) * 10) / 10;
  }
  return metadata;
}

/** Plot kinds: mostly vegetation plots, some soil pits, a few both. */
function plotTypes(random: Random): string[] {
  const roll = random.next();
  if (roll < 0.55) return ['vegetation-plot'];
  if (roll < 0.85) return ['soil-plot'];
  return ['vegetation-plot', 'soil-plot'];
}

const plotLabel = (types: string[]) => (types.length === 2 ? 'Vegetation and soil plot' : types[0] === 'soil-plot' ? 'Soil pit' : 'Vegetation plot');

function notesFor(random: Random, people: string[], pool: string[], count: number) {
  return random
    .sample(pool, count)
    .map((content) => ({ author: random.pick(people), content, daysAgo: Math.round(random.between(0.5, DAY_TWO_YEARS) * 24) / 24 }));
}

/** The objects of one property: itself, then each site followed by its plots. */
function planProperty(spec: PropertySpec, now: Date, withPhotos: { sites: number }): PlannedObject[] {
  const random = createRandom(spec.name);
  const ring = boundary(random, spec.center, spec.radiusKm);
  const common = { visibility: spec.visibility ?? 'public', projects: spec.projects, creator: spec.creator } as const;
  const people = spec.people.map(([slug]) => slug);
  const property: PlannedObject = {
    ...common,
    level: 'property',
    name: spec.name,
    title: spec.title,
    types: ['property'],
    parent: null,
    geo: { type: 'Polygon', coordinates: [ring] },
    metadata: { owner: spec.landowner, area: areaHa(ring), established: spec.established },
    people: spec.people,
    institutions: spec.institutions,
    doc: spec.doc ?? null,
    notes: notesFor(random, people, PROPERTY_NOTES, random.int(3, 5)),
    photo: {
      caption: `${spec.title}: overview`,
      daysAgo: fieldTime(random, now),
      at: offset(spec.center, random.between(0, 0.5), random.between(0, 2 * Math.PI)),
    },
  };
  const objects = [property];
  for (const [i, [title, habitat, own]] of spec.sites.entries()) {
    const code = `${spec.code.toUpperCase()}-${own ?? i + 1}`;
    // Within 55 % of the smallest radius: inside the boundary whatever its corners.
    const at = offset(spec.center, spec.radiusKm * random.between(0.1, 0.55), random.between(0, 2 * Math.PI));
    const site: PlannedObject = {
      ...common,
      level: 'site',
      name: `${spec.code}-${slugify(title)}`,
      title,
      types: ['site'],
      parent: spec.name,
      geo: { type: 'Point', coordinates: at },
      metadata: siteMetadata(random, spec, habitat, code),
      people: [spec.people[i % spec.people.length]!],
      institutions: [],
      doc: null,
      notes: notesFor(random, people, [...SITE_NOTES.any, ...SITE_NOTES[habitat]], random.int(1, 3)),
      photo: i < withPhotos.sites ? { caption: `${title}, ${spec.title}`, daysAgo: fieldTime(random, now), at } : null,
    };
    objects.push(site);
    const plots = random.int(2, 4);
    for (let n = 1; n <= plots; n++) {
      const types = plotTypes(random);
      objects.push({
        ...common,
        level: 'plot',
        name: `${site.name}-${n}`,
        title: `${plotLabel(types)} ${code}-${n}`,
        types,
        parent: site.name,
        geo: { type: 'Point', coordinates: offset(at, random.between(0.02, 0.3), random.between(0, 2 * Math.PI)) },
        metadata: plotMetadata(random, spec, habitat, types, now),
        people: [],
        institutions: [],
        doc: null,
        notes: [],
        photo: null,
      });
    }
  }
  return objects;
}

/**
 * Every demo object, parents first. `now` anchors the notes and photo dates ("the past
 * two years"); a property's photo and that of its first site make about thirty photos.
 */
export function planDemoObjects(now: Date): PlannedObject[] {
  return DEMO_PROPERTIES.flatMap((spec, i) => planProperty(spec, now, { sites: i < 8 ? 1 : 0 }));
}

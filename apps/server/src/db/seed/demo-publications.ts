import type { PublicationInput, PublicationType } from '@observatory/shared';

/**
 * The demo's publications beyond the real BibTeX file (files/efi_ecological_forecasting_refs.bib):
 * reports, data sets, theses, software and papers of the demo projects, by the demo people
 * (invented, as they are). None has a DOI: an invented one could be somebody's real one.
 */

/** Who adds it: a demo account. Its authors linked to that account's person are confirmed at once; others wait for the person. */
export interface DemoPublication {
  by: 'ada' | 'grace' | 'mei' | 'tomas';
  /** Project slugs it belongs to (the adder edits each). */
  projects: string[];
  publication: PublicationInput;
}

const RIVER = 'near-term-forecasts-of-river-chlorophyll-a';
const GREENUP = 'spring-green-up-forecasts-at-harvard-forest-and-bartlett';
const TUNDRA = 'shrub-expansion-in-the-tundra-at-abisko-and-toolik';
const STANDARDS = 'community-standards-for-ecological-forecast-output';
const SNOW = 'data-rescue-the-davos-snow-pit-notebooks';
const BOGS = 'carbon-in-the-bogs-of-the-bohemian-forest';
const GRASSLAND = 'grassland-drought-at-konza-and-the-central-plains';
const BUDMOTH = 'larch-budmoth-outbreaks-in-alpine-tree-rings';
const SCHOOL = 'forecasting-summer-school-state-space-models';
const POLLEN = 'holocene-land-cover-of-europe-from-pollen';
const SAMPLE = 'sample';

/** An author: a name as written, linked to a demo account's person by username. */
const a = (name: string, person?: string) => ({ name, person: person ?? null });
const ADA = a('Lindqvist, Ada', 'ada');
const GRACE = a('Okafor, Grace', 'grace');
const TOMAS = a('Herrera, Tomás', 'tomas');
const MEI = a('Tanaka, Mei', 'mei');

const pub = (
  type: PublicationType,
  title: string,
  authors: ReturnType<typeof a>[],
  year: number,
  venue: string | null,
  extra: Partial<PublicationInput> = {},
): PublicationInput => ({
  type,
  title,
  authors,
  year,
  venue,
  ...extra,
});

export const DEMO_PUBLICATIONS: DemoPublication[] = [
  // The sample project: treeline monitoring.
  {
    by: 'ada',
    projects: [SAMPLE],
    publication: pub('report', 'Alpine treeline plots: field season report 2022', [ADA, a('Keller, Bruno'), TOMAS], 2022, 'Observatory field reports', {
      keywords: ['treeline', 'field season'],
    }),
  },
  {
    by: 'ada',
    projects: [SAMPLE],
    publication: pub('dataset', 'Seedling census of larch and stone pine above the treeline, 2019–2023', [ADA, TOMAS], 2024, 'Observatory data repository', {
      keywords: ['treeline', 'seedlings', 'larch'],
      abstract:
        'Counts and heights of larch and stone pine seedlings in 24 permanent plots between 1,950 and 2,250 m, surveyed every August from 2019 to 2023.',
    }),
  },
  {
    by: 'ada',
    projects: [SAMPLE],
    publication: pub('thesis', 'Seedling establishment above the Alpine treeline under a warming climate', [TOMAS], 2025, 'ETH Zurich', {
      keywords: ['treeline', 'seedlings', 'climate'],
    }),
  },
  {
    by: 'ada',
    projects: [SAMPLE],
    publication: pub(
      'article',
      'Soil temperature loggers in high-alpine plots: what a lost winter teaches',
      [ADA, GRACE],
      2023,
      'Arctic, Antarctic, and Alpine Research (in review)',
      { keywords: ['loggers', 'methods'] },
    ),
  },
  // Pollen.
  {
    by: 'ada',
    projects: [POLLEN],
    publication: pub(
      'dataset',
      'Pollen-based land-cover grids for Europe, 11.7 ka to present',
      [ADA, a('Rossi, Chiara'), a('Novák, Aino')],
      2023,
      'Observatory data repository',
      { keywords: ['pollen', 'land cover', 'Holocene'] },
    ),
  },
  {
    by: 'ada',
    projects: [POLLEN],
    publication: pub('report', 'Checking the site metadata of the LandClim II collection', [ADA, GRACE], 2021, 'Pollen lab technical notes', {
      keywords: ['pollen', 'metadata', 'quality control'],
    }),
  },
  {
    by: 'ada',
    projects: [POLLEN],
    publication: pub(
      'article',
      'Forest openness in the mid-Holocene: a continental synthesis',
      [ADA, a('Berg, Elin'), a('Rossi, Chiara')],
      2022,
      'Quaternary Science Reviews (preprint)',
      { keywords: ['pollen', 'forest cover'] },
    ),
  },
  {
    by: 'ada',
    projects: [POLLEN],
    publication: pub('software', 'REVEALS runner: scripts for pollen-based cover estimates', [ADA], 2021, 'Observatory code repository', {
      keywords: ['software', 'pollen'],
    }),
  },
  // River chlorophyll.
  {
    by: 'mei',
    projects: [RIVER],
    publication: pub(
      'report',
      'Baseline forecasts of river chlorophyll-a: persistence and climatology',
      [MEI, GRACE],
      2024,
      'Forecasting group working papers',
      { keywords: ['chlorophyll', 'baseline', 'forecast'] },
    ),
  },
  {
    by: 'mei',
    projects: [RIVER],
    publication: pub(
      'article',
      'A state-space model of river chlorophyll-a with temperature and discharge',
      [MEI, a('Mensah, Kofi'), a('Larsen, Nora')],
      2025,
      'Ecological Applications (submitted)',
      { keywords: ['chlorophyll', 'state-space model'] },
    ),
  },
  {
    by: 'grace',
    projects: [RIVER],
    publication: pub('report', 'Quality flags for sensor fouling at the Delta stations', [GRACE, MEI], 2024, 'Data team notes', {
      keywords: ['quality control', 'sensors'],
    }),
  },
  {
    by: 'mei',
    projects: [RIVER],
    publication: pub('software', 'chla-forecast: daily forecasts and scores for fifteen river sites', [MEI], 2024, 'Observatory code repository', {
      keywords: ['software', 'forecast'],
    }),
  },
  {
    by: 'mei',
    projects: [RIVER],
    publication: pub('dataset', 'Daily chlorophyll-a forecasts and scores, 2024', [MEI, GRACE], 2025, 'Observatory data repository', {
      keywords: ['chlorophyll', 'forecast', 'scores'],
    }),
  },
  // Green-up.
  {
    by: 'mei',
    projects: [GREENUP],
    publication: pub('report', 'Green-up 2025 at Harvard Forest and Bartlett: five days early', [MEI], 2025, 'Forecasting group working papers', {
      keywords: ['phenology', 'green-up'],
    }),
  },
  {
    by: 'mei',
    projects: [GREENUP],
    publication: pub(
      'article',
      'PhenoCam greenness as a forecast target: lessons from two seasons',
      [MEI, a('Iyer, Priya')],
      2024,
      'Forecasting group working papers',
      { keywords: ['phenology', 'PhenoCam'] },
    ),
  },
  {
    by: 'mei',
    projects: [GREENUP],
    publication: pub('dataset', 'Daily green chromatic coordinate at two New England forests, 2019–2025', [MEI], 2025, 'Observatory data repository', {
      keywords: ['phenology', 'data'],
    }),
  },
  // Tundra shrubs.
  {
    by: 'grace',
    projects: [TUNDRA],
    publication: pub(
      'dataset',
      'Forty-year repeat photo pairs of tundra shrubs at Abisko',
      [GRACE, a('Aalto, Ines'), a('Nyström, Oskar')],
      2023,
      'Observatory data repository',
      { keywords: ['tundra', 'shrubs', 'repeat photography'] },
    ),
  },
  {
    by: 'grace',
    projects: [TUNDRA],
    publication: pub('report', 'Drone survey of shrub cover at Toolik, summer 2024', [GRACE, a('Walsh, Finn')], 2024, 'Field station reports', {
      keywords: ['tundra', 'drone'],
    }),
  },
  {
    by: 'grace',
    projects: [TUNDRA],
    publication: pub('chapter', 'Shrubification: measuring a slow change from photographs', [GRACE, ADA], 2022, 'Methods in Arctic Vegetation Monitoring', {
      pages: '87-104',
      keywords: ['tundra', 'methods'],
    }),
  },
  // Forecast standards.
  {
    by: 'grace',
    projects: [STANDARDS],
    publication: pub('report', 'Forecast output files: a checklist for the observatory', [GRACE, MEI], 2023, 'Data team notes', {
      keywords: ['standards', 'forecast output', 'metadata'],
    }),
  },
  {
    by: 'grace',
    projects: [STANDARDS],
    publication: pub('software', 'forecast-validate: checks forecast files against the community conventions', [GRACE], 2024, 'Observatory code repository', {
      keywords: ['software', 'standards'],
    }),
  },
  {
    by: 'grace',
    projects: [STANDARDS],
    publication: pub('article', 'Metadata that makes ecological forecasts comparable', [GRACE, a('Fischer, Lea'), MEI], 2024, 'Ecosphere (preprint)', {
      keywords: ['standards', 'metadata'],
    }),
  },
  // Snow pits.
  {
    by: 'grace',
    projects: [SNOW],
    publication: pub(
      'dataset',
      'Snow-pit profiles from the Davos notebooks, 1948–1975 (transcribed)',
      [GRACE, a('Schulz, Wiebke')],
      2025,
      'Observatory data repository',
      { keywords: ['snow', 'data rescue'] },
    ),
  },
  {
    by: 'grace',
    projects: [SNOW],
    publication: pub('report', 'Transcribing handwritten snow-pit notebooks: a protocol', [GRACE], 2024, 'Data team notes', {
      keywords: ['data rescue', 'protocol'],
    }),
  },
  // Bogs.
  {
    by: 'ada',
    projects: [BOGS],
    publication: pub(
      'dataset',
      'Peat cores of the Bohemian Forest: depth, bulk density and carbon',
      [ADA, a('Dvořák, Gustav'), a('Horák, Jana')],
      2024,
      'Observatory data repository',
      { keywords: ['peat', 'carbon'] },
    ),
  },
  {
    by: 'ada',
    projects: [BOGS],
    publication: pub('article', 'Carbon accumulation in mountain bogs since the Little Ice Age', [a('Horák, Jana'), ADA], 2025, 'The Holocene (in review)', {
      keywords: ['peat', 'carbon', 'Little Ice Age'],
    }),
  },
  {
    by: 'ada',
    projects: [BOGS],
    publication: pub('thesis', 'Peatland carbon along an altitudinal gradient in the Šumava mountains', [a('Dvořák, Gustav')], 2023, 'Charles University', {
      keywords: ['peat', 'carbon'],
    }),
  },
  // Grassland drought.
  {
    by: 'mei',
    projects: [GRASSLAND],
    publication: pub('report', 'Drought and grassland productivity at Konza, 2022–2024', [MEI, a('Martin, Quentin')], 2024, 'Field station reports', {
      keywords: ['drought', 'grassland'],
    }),
  },
  {
    by: 'mei',
    projects: [GRASSLAND],
    publication: pub('dataset', 'Soil moisture and aboveground biomass at three prairie sites', [MEI], 2024, 'Observatory data repository', {
      keywords: ['drought', 'soil moisture'],
    }),
  },
  {
    by: 'mei',
    projects: [GRASSLAND],
    publication: pub(
      'article',
      'How long does a prairie remember a drought?',
      [MEI, a('Garcia, Rosa'), a('Diallo, Amara')],
      2025,
      'Journal of Ecology (submitted)',
      { keywords: ['drought', 'legacy effects'] },
    ),
  },
  // Budmoth.
  {
    by: 'grace',
    projects: [BUDMOTH],
    publication: pub(
      'dataset',
      'Larch ring widths from six Alpine valleys, 1650–2020',
      [GRACE, a('Moreau, Ugo'), a('Bianchi, Matteo')],
      2022,
      'Observatory data repository',
      { keywords: ['tree rings', 'larch budmoth'] },
    ),
  },
  {
    by: 'grace',
    projects: [BUDMOTH],
    publication: pub(
      'article',
      'The fading larch budmoth cycle in tree rings of the western Alps',
      [a('Moreau, Ugo'), GRACE, ADA],
      2023,
      'Dendrochronologia (preprint)',
      { keywords: ['tree rings', 'insect outbreaks'] },
    ),
  },
  {
    by: 'grace',
    projects: [BUDMOTH],
    publication: pub(
      'software',
      'ringcycle: detecting outbreak cycles in ring-width series',
      [a('Bianchi, Matteo'), GRACE],
      2022,
      'Observatory code repository',
      { keywords: ['software', 'tree rings'] },
    ),
  },
  // Summer school.
  {
    by: 'mei',
    projects: [SCHOOL],
    publication: pub('other', 'State-space models for ecologists: summer school lecture notes', [MEI, TOMAS], 2025, 'Forecasting summer school', {
      keywords: ['teaching', 'state-space model'],
    }),
  },
  {
    by: 'mei',
    projects: [SCHOOL],
    publication: pub('software', 'Exercises in state-space forecasting (notebooks)', [MEI], 2025, 'Observatory code repository', {
      keywords: ['teaching', 'software'],
    }),
  },
  {
    by: 'tomas',
    projects: [],
    publication: pub('other', 'Poster: seedlings in a warming treeline ecotone', [TOMAS, ADA], 2024, 'Swiss Geoscience Meeting', {
      keywords: ['poster', 'treeline'],
    }),
  },
  // Across projects.
  {
    by: 'grace',
    projects: [STANDARDS, RIVER],
    publication: pub('report', 'The observatory’s data catalogue: themes, variables and units', [GRACE, ADA, MEI], 2025, 'Data team notes', {
      keywords: ['catalogue', 'units', 'metadata'],
    }),
  },
  {
    by: 'grace',
    projects: [],
    publication: pub('other', 'Data management plan of the observatory', [GRACE], 2023, 'Observatory', { keywords: ['data management'] }),
  },
];

/**
 * Which of the real references each demo project cites, by citation key. The standards
 * project holds them all (the file is the EFI standards' reading list); these add others.
 */
export const DEMO_CITED: { by: 'mei' | 'grace'; project: string; keys: string[] }[] = [
  { by: 'mei', project: RIVER, keys: ['dietze_iterative_2018', 'dietze_ecological_2017', 'dietze_forecasting_2019', 'clark_ecological_2001'] },
  { by: 'mei', project: SCHOOL, keys: ['dietze_ecological_2017', 'dietze_iterative_2018'] },
  { by: 'mei', project: GREENUP, keys: ['dietze_iterative_2018'] },
];

/** The project the real references come in with. */
export const REAL_REFERENCES_PROJECT = { by: 'grace' as const, project: STANDARDS };

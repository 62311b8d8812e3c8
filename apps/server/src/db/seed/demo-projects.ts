import type { DocumentBlock, DocumentInline, DocumentMark, ProseMirrorDoc } from '@observatory/shared';

/**
 * The demo projects: twelve research projects of the invented observatory, owned by the
 * demo accounts, with documentation, contributors, partner institutions, members and news.
 * People are the invented ones of demo.ts; sites, data sets and publications are real and
 * cited (most of them are the test fixtures' sources, see shared/fixtures/README.md).
 */

type ListItem = Extract<DocumentBlock, { type: 'bulletList' }>['content'][number];
type Inline = DocumentInline | string;

// Small builders for ProseMirror JSON (the allowlist of packages/shared/src/documents.ts).
const run = (text: string, ...marks: DocumentMark[]): DocumentInline => (marks.length ? { type: 'text', text, marks } : { type: 'text', text });
const inline = (parts: Inline[]) => parts.map((x) => (typeof x === 'string' ? run(x) : x));
const bold = (text: string) => run(text, { type: 'bold' });
const italic = (text: string) => run(text, { type: 'italic' });
const link = (text: string, href: string, ...marks: DocumentMark[]) => run(text, ...marks, { type: 'link', attrs: { href } });
const br: DocumentInline = { type: 'hardBreak' };
const p = (...parts: Inline[]): DocumentBlock => ({ type: 'paragraph', content: inline(parts) });
const h = (level: number, text: string): DocumentBlock => ({ type: 'heading', attrs: { level }, content: [run(text)] });
const li = (...blocks: DocumentBlock[]): ListItem => ({ type: 'listItem', content: blocks });
/** A list item from a string, a run of inline parts, or a ready item (for nested lists). */
const item = (x: string | Inline[] | ListItem): ListItem => (typeof x === 'string' ? li(p(x)) : Array.isArray(x) ? li(p(...x)) : x);
const ul = (...items: (string | Inline[] | ListItem)[]): DocumentBlock => ({ type: 'bulletList', content: items.map(item) });
const ol = (...items: (string | Inline[] | ListItem)[]): DocumentBlock => ({ type: 'orderedList', attrs: { start: 1 }, content: items.map(item) });
const quote = (...content: DocumentBlock[]): DocumentBlock => ({ type: 'blockquote', content });
const doc = (...content: DocumentBlock[]): ProseMirrorDoc => ({ type: 'doc', content });
const doi = (id: string) => link(`doi:${id}`, `https://doi.org/${id}`);

export interface DemoUpdate {
  title: string;
  publishedAt: string;
  /** A demo username: the owner or an editor of the project. */
  author: string;
  doc: ProseMirrorDoc;
}

/** A file of the project: its versions are the first lines of files/<source>, the last one the whole file. */
export interface DemoFile {
  source: string;
  name: string;
  description: string;
  /** Oldest first: how many lines (all when null) and who uploads them (the owner or an editor). */
  versions: { lines: number | null; author: string }[];
}

export interface DemoProject {
  title: string;
  /** The demo account that creates it (and so owns it). */
  owner: 'ada' | 'grace' | 'mei';
  summary: string;
  status: 'planned' | 'active' | 'completed';
  visibility: 'public' | 'signed-in' | 'members';
  startDate: string;
  endDate: string | null;
  team: string;
  doc: ProseMirrorDoc;
  /** Person slug and title, in order. */
  contributors: [string, string][];
  /** Institution slug and role, in order. */
  institutions: [string, string][];
  /** Demo usernames and their role, besides the owner. */
  members: [string, 'editor' | 'contributor' | 'viewer'][];
  updates: DemoUpdate[];
  files?: DemoFile[];
}

/** The complete example shown at /projects/sample: every section filled, every kind of text used. */
export const SAMPLE_PROJECT: DemoProject = {
  title: 'Sample project: Alpine treeline monitoring',
  owner: 'ada',
  summary:
    'Repeated surveys of tree seedlings, tree height and soil temperature along six transects that cross the treeline above Davos, to see whether and how fast the treeline moves upslope.',
  status: 'active',
  visibility: 'public',
  startDate: '2021-05-01',
  endDate: '2027-10-31',
  team: 'field-team',
  doc: doc(
    p(
      italic('This is a complete example project: every section of a project page is filled in, so you can see what a finished one looks like. '),
      italic('The people are invented; the sites and the sources cited are real.'),
    ),
    h(2, 'Background'),
    p(
      'The ',
      bold('alpine treeline'),
      ' is the upper limit of upright trees. It is set mostly by growing-season temperature, so it is one of the clearest places to watch vegetation respond to a warming climate. In the Central Alps it lies roughly between 2,100 and 2,300 m, often lower where grazing held it down in the past.',
    ),
    p(
      'Trees respond slowly: a seedling that establishes above the treeline today may take decades to become a tree. We therefore follow ',
      run('seedlings', { type: 'underline' }),
      ', saplings and adult trees together, and record the soil temperature that limits their growth. Warmer soils, a longer snow-free season and rising CO',
      run('2', { type: 'subscript' }),
      ' may all speed establishment up; browsing and drought may slow it down.',
    ),
    h(3, 'Questions'),
    ol(
      'Is the treeline advancing, and by how many metres per decade?',
      'Which species establish above it first: European larch, Swiss stone pine or Norway spruce?',
      ['How much of the pattern does soil temperature explain, ', italic('after'), ' accounting for browsing and microtopography?'],
    ),
    h(2, 'Sites'),
    p('Six transects of 40 plots each (plots of 2 × 2 m, i.e. 4 m', run('2', { type: 'superscript' }), '), from closed forest to 200 m above the last tree:'),
    ul(
      li(p(bold('Dischma valley')), ul('Transects D1 and D2, north- and south-facing', 'Reached from the Davos Field Station')),
      li(p(bold('Flüela pass road')), ul('Transects F1 and F2', 'Grazed by sheep until 1998')),
      li(p(bold('Sertig valley')), ul(['Transects S1 and ', run('S3', { type: 'strike' }), ' S2 (S3 was merged into S2 in 2022)'])),
    ),
    p(
      'For comparison across continents we use the ',
      link('NEON Niwot Ridge site (NIWO)', 'https://www.neonscience.org/field-sites/niwo'),
      ' in Colorado: a core terrestrial site at a mean elevation of 3,490 m whose dominant land cover is evergreen forest and grassland (NEON field site metadata).',
    ),
    quote(
      p('Almost every seedling above the last trees this year was a larch, and almost every one of them sat in the lee of a boulder.'),
      p('— Field notebook, transect D2, August 2022'),
    ),
    h(2, 'Methods'),
    ol(
      ['Each summer, count and measure every tree seedling and sapling in each plot, and mark new ones with a numbered aluminium tag.'],
      ['Every second year, survey the position and height of adult trees with a differential GNSS receiver.'],
      ['Log soil temperature at 10 cm depth every hour with buried loggers (three per transect), read out each September.'],
    ),
    p(
      'Field data are entered in the field on tablets and exported as one CSV table per season, one row per tagged plant, with columns such as ',
      run('plot_id', { type: 'code' }),
      ', ',
      run('tag', { type: 'code' }),
      ', ',
      run('species', { type: 'code' }),
      ' and ',
      run('height_cm', { type: 'code' }),
      ':',
    ),
    {
      type: 'codeBlock',
      attrs: { language: 'csv' },
      content: [
        {
          type: 'text',
          text: 'plot_id,tag,date,species,height_cm,browsed\nD2-31,4107,2024-08-14,Larix decidua,23.5,false\nD2-31,4219,2024-08-14,Pinus cembra,6.0,true\nD2-32,4388,2024-08-14,Larix decidua,2.5,false',
        },
      ],
    },
    { type: 'horizontalRule' },
    h(2, 'Data and publications'),
    ul(
      [
        'Seedling census: yearly tables, published on the ',
        link('PANGAEA data publisher', 'https://www.pangaea.de'),
        ' after quality control by the Data team.',
      ],
      ['Soil temperature: hourly series, updated every autumn.'],
      ['Comparison sites: the NEON metadata of NIWO and, since its second version, of Rocky Mountains (RMNP), in the project’s files.'],
      [
        'Data management follows the ',
        link('FAIR Guiding Principles', 'https://doi.org/10.1038/sdata.2016.18'),
        ' (Wilkinson et al. 2016, ',
        doi('10.1038/sdata.2016.18'),
        ').',
      ],
    ),
    h(4, 'Contact'),
    p(
      'Ada Lindqvist, Lund University',
      br,
      link('ada@example.org', 'mailto:ada@example.org'),
      br,
      'Field questions: the Field team at ',
      link('field-team@example.org', 'mailto:field-team@example.org', { type: 'bold' }),
    ),
  ),
  contributors: [
    ['ada', 'Principal investigator'],
    ['farah-haddad', 'Field lead'],
    ['tomas', 'PhD candidate: tree ages and growth'],
    ['oskar-nystrom', 'Soil temperature loggers'],
    ['grace', 'Data manager'],
    ['chiara-rossi', 'Postdoctoral researcher: seedling demography'],
  ],
  institutions: [
    ['wsl', 'Lead'],
    ['university-of-bern', 'Partner'],
    ['eth-zurich', 'Funder'],
  ],
  members: [
    ['grace', 'editor'],
    ['tomas', 'contributor'],
    ['mei', 'viewer'],
  ],
  updates: [
    {
      title: 'Field season 2022 opens',
      publishedAt: '2022-06-20T07:30:00Z',
      author: 'ada',
      doc: doc(
        p('The snow has gone from the upper plots on all six transects. This season we re-survey every plot and bury the first nine soil-temperature loggers.'),
        ul('Dischma: 20–24 June', 'Flüela: 27–30 June', 'Sertig: 4–8 July'),
      ),
    },
    {
      title: 'Seedling census 2023: larch leads',
      publishedAt: '2023-09-15T14:00:00Z',
      author: 'ada',
      doc: doc(
        p(
          'We tagged 1,412 seedlings, 312 of them above the last adult trees. ',
          bold('Nine in ten of those are European larch'),
          '; Swiss stone pine grows mostly inside the forest edge.',
        ),
        p('A first look at the numbers is in the seedling census table.'),
      ),
    },
    {
      title: 'First data release',
      publishedAt: '2024-11-04T10:00:00Z',
      author: 'grace',
      doc: doc(
        p('The censuses of 2021–2023 passed quality control and are public. Each table has a data dictionary and the transect coordinates.'),
        p('Please cite the data set, and tell us when you use it: ', link('grace@example.org', 'mailto:grace@example.org'), '.'),
      ),
    },
    {
      title: 'Loggers recovered after a long winter',
      publishedAt: '2026-07-08T16:45:00Z',
      author: 'ada',
      doc: doc(
        p('All eighteen soil-temperature loggers were found and read out. Two on the Flüela transects had been moved by an avalanche but kept recording.'),
      ),
    },
  ],
  files: [
    {
      source: 'neon-treeline-sites.csv',
      name: 'NEON comparison sites',
      description: 'NEON field site metadata of Niwot Ridge (NIWO) and, since version 2, Rocky Mountains (RMNP), from eco4cast/neon4cast-targets.',
      versions: [
        { lines: 2, author: 'ada' },
        { lines: null, author: 'grace' },
      ],
    },
  ],
};

/** The other eleven demo projects. */
export const DEMO_PROJECTS: DemoProject[] = [
  {
    title: 'Holocene land cover of Europe from pollen',
    owner: 'ada',
    summary:
      'Pollen-based reconstructions of forest, grassland and cropland cover across Europe for the last 11,700 years, built on the LandClim II site collection.',
    status: 'completed',
    visibility: 'public',
    startDate: '2019-01-01',
    endDate: '2023-12-31',
    team: 'pollen-lab',
    doc: doc(
      h(2, 'Aim'),
      p(
        'How open was Europe before farming, and how fast did farming open it? We turned pollen counts from lake and bog sediments into estimates of regional plant cover with the REVEALS model, and mapped them on 1° grid cells.',
      ),
      h(2, 'Data'),
      p(
        'The project builds on the LandClim II collection: metadata on 1,128 pollen sequences from lakes and bogs across Europe, with site type, basin size, coordinates, elevation and dated intervals (Fyfe et al. 2021, LandClim II REVEALS grids, ',
        doi('10.1594/PANGAEA.937075'),
        ').',
      ),
      ul(
        'Large lakes carry the regional signal best; small bogs mostly a local one.',
        'Sites are grouped in time windows so that every window has enough dated samples.',
        'Cover is estimated per plant taxon and summed to land-cover types.',
      ),
      h(2, 'Outcome'),
      p(
        'Grids of plant cover per time window, published with the paper. REVEALS gives more open land than raw pollen percentages suggest, because many grasses and herbs make less pollen than trees.',
      ),
    ),
    contributors: [
      ['ada', 'Principal investigator'],
      ['aino-novak', 'Co-investigator'],
      ['elin-berg', 'Pollen analysis'],
      ['tereza-svobodova', 'PhD candidate: REVEALS modelling'],
      ['bjorn-holm', 'Data curation'],
    ],
    institutions: [
      ['university-of-lund', 'Lead'],
      ['university-of-helsinki', 'Partner'],
      ['pangaea', 'Partner'],
    ],
    members: [['tomas', 'contributor']],
    updates: [
      {
        title: 'Site metadata checked',
        publishedAt: '2020-03-02T09:00:00Z',
        author: 'ada',
        doc: doc(
          p(
            'All 1,128 sites now have checked coordinates and basin sizes. Names with diacritics (Anenské údolí and others) survive the round trip through our scripts.',
          ),
        ),
      },
      {
        title: 'Final grids published',
        publishedAt: '2023-11-20T12:00:00Z',
        author: 'ada',
        doc: doc(p('The last time windows are done, and the grids are published with the paper. Thank you to everyone who counted pollen for this.')),
      },
    ],
  },
  {
    title: 'Near-term forecasts of river chlorophyll-a',
    owner: 'mei',
    summary:
      'Daily forecasts of chlorophyll-a, a measure of algal biomass, at fifteen river sites in the United States, scored against observations as they arrive.',
    status: 'active',
    visibility: 'public',
    startDate: '2024-01-15',
    endDate: '2027-06-30',
    team: 'forecasting',
    doc: doc(
      h(2, 'Why forecast algae?'),
      p(
        'Algal blooms in rivers affect drinking-water intakes, oxygen and fish. A forecast a few days ahead gives water managers time to act; a forecast that is scored every day tells us which models to trust.',
      ),
      h(2, 'Sites and data'),
      p('We forecast daily mean chlorophyll-a for 15 sites with continuous sensors:'),
      ul(
        [
          '10 USGS gauges, among them the ',
          link('Willamette River at Portland, OR', 'https://waterdata.usgs.gov/monitoring-location/14211720'),
          ', the Illinois River at Florence, IL, and the Delaware River at Trenton, NJ',
        ],
        '5 California Department of Water Resources stations near Stockton, among them the San Joaquin River near Vernalis',
      ),
      p(
        'The observed series run from 2005 to 2026 with gaps. They come from the ',
        link('usgsrc4cast-ci', 'https://github.com/eco4cast/usgsrc4cast-ci'),
        ' forecasting challenge of the Ecological Forecasting Initiative, which collects the USGS NWIS and California DWR data.',
      ),
      h(2, 'Models'),
      ol(
        'A persistence forecast and a day-of-year climatology as baselines',
        'A state-space model with water temperature and discharge as drivers',
        'An ensemble of the two, weighted by their recent scores',
      ),
    ),
    contributors: [
      ['mei', 'Principal investigator'],
      ['kofi-mensah', 'Postdoctoral researcher: state-space models'],
      ['lea-fischer', 'PhD candidate'],
      ['gustav-lund', 'Data pipelines'],
      ['zoltan-szabo', 'USGS liaison'],
    ],
    institutions: [
      ['efi', 'Lead'],
      ['usgs', 'Partner'],
      ['ufz', 'Partner'],
    ],
    members: [['grace', 'editor']],
    updates: [
      {
        title: 'Baselines submitted',
        publishedAt: '2024-03-01T08:00:00Z',
        author: 'mei',
        doc: doc(p('Persistence and climatology forecasts now run every morning for all 15 sites. Everything else will be compared with them.')),
      },
      {
        title: 'Quality flags for the Delta stations',
        publishedAt: '2024-08-19T15:20:00Z',
        author: 'grace',
        doc: doc(
          p(
            'Sensor fouling produced runs of implausibly high values at two DWR stations in summer. They are now flagged, not deleted, so forecasts can be scored with and without them.',
          ),
        ),
      },
      {
        title: 'State-space model beats persistence after day three',
        publishedAt: '2025-05-12T10:00:00Z',
        author: 'mei',
        doc: doc(
          p('After a year of daily scoring, the state-space model has a lower CRPS than persistence from a three-day horizon on, at 12 of the 15 sites.'),
        ),
      },
    ],
    files: [
      {
        source: 'willamette-chlorophyll-2024.csv',
        name: 'Willamette River at Portland: chlorophyll-a 2024',
        description:
          'Daily mean chlorophyll-a at USGS gauge 14211720, in the challenge’s long format, from eco4cast/usgsrc4cast-ci. Version 1 covers January to June.',
        versions: [
          { lines: 183, author: 'mei' },
          { lines: null, author: 'grace' },
        ],
      },
    ],
  },
  {
    title: 'Spring green-up forecasts at Harvard Forest and Bartlett',
    owner: 'mei',
    summary:
      'Forecasts of canopy greenness from PhenoCam images at two NEON forest sites in New England, submitted to the NEON Ecological Forecasting Challenge.',
    status: 'active',
    visibility: 'public',
    startDate: '2023-02-01',
    endDate: null,
    team: 'forecasting',
    doc: doc(
      p(
        'Each spring we forecast the daily green chromatic coordinate (gcc_90) of the canopy, 35 days ahead, at two deciduous and mixed forest sites of NEON domain D01:',
      ),
      ul(
        [link('Harvard Forest & Quabbin Watershed (HARV)', 'https://www.neonscience.org/field-sites/harv'), ', Massachusetts'],
        [link('Bartlett Experimental Forest (BART)', 'https://www.neonscience.org/field-sites/bart'), ', New Hampshire'],
      ),
      p(
        'Forecasts follow the challenge protocols (Thomas et al. 2021, NEON Ecological Forecasting Challenge documentation, ',
        doi('10.5281/zenodo.4780155'),
        ') and are scored by the challenge every day.',
      ),
      h(3, 'Drivers'),
      p('Growing degree days from the NOAA ensemble weather forecasts, and day length.'),
    ),
    contributors: [
      ['mei', 'Principal investigator'],
      ['yara-silva', 'Co-investigator'],
      ['amara-diallo', 'Postdoctoral researcher'],
      ['jana-horak', 'NEON site liaison'],
    ],
    institutions: [
      ['neon', 'Lead'],
      ['efi', 'Partner'],
    ],
    members: [['ada', 'viewer']],
    updates: [
      {
        title: 'Green-up 2025: five days early',
        publishedAt: '2025-06-02T13:00:00Z',
        author: 'mei',
        doc: doc(
          p(
            'Green-up at HARV came five days before the long-term mean; our forecast had it four days early, with the observed date inside the 90 % interval from three weeks ahead.',
          ),
        ),
      },
    ],
  },
  {
    title: 'Shrub expansion in the tundra at Abisko and Toolik',
    owner: 'grace',
    summary: 'Repeat photography, plot surveys and drone images of dwarf birch and willow at two Arctic field stations, in Sweden and in Alaska.',
    status: 'active',
    visibility: 'public',
    startDate: '2022-06-01',
    endDate: '2026-12-31',
    team: 'field-team',
    doc: doc(
      h(2, 'Question'),
      p(
        'Shrubs are spreading into Arctic tundra as summers warm, with effects on snow, permafrost and grazing. Do the same shrubs spread at the same pace on two continents?',
      ),
      h(2, 'Sites'),
      ul(
        ['The Abisko Scientific Research Station, northern Sweden: photographs of the same slopes since the 1970s'],
        [
          'The ',
          link('NEON Toolik Field Station site (TOOL)', 'https://www.neonscience.org/field-sites/tool'),
          ', Alaska, in the dwarf-scrub tundra of domain D18',
        ],
      ),
      h(2, 'Methods'),
      ol(
        'Re-take old photographs from the same points',
        'Survey shrub cover and height in 60 permanent plots',
        'Map shrub patches from drone images each August',
      ),
    ),
    contributors: [
      ['nora-larsen', 'Field lead, Abisko'],
      ['mei', 'Field lead, Toolik'],
      ['carmen-lopez', 'Drone surveys'],
      ['priya-iyer', 'Station coordination'],
      ['grace', 'Data manager'],
    ],
    institutions: [
      ['abisko-station', 'Lead'],
      ['university-of-lund', 'Partner'],
      ['neon', 'Partner'],
    ],
    members: [['mei', 'editor']],
    updates: [
      {
        title: 'Forty-year photo pairs',
        publishedAt: '2023-10-10T09:00:00Z',
        author: 'grace',
        doc: doc(p('We re-took 48 photographs first taken near Abisko in the 1970s. Willow now covers slopes that were open heath then.')),
      },
      {
        title: 'Drone season at Toolik',
        publishedAt: '2024-08-28T18:00:00Z',
        author: 'mei',
        doc: doc(p('Seven flights, 2,300 images, and one curious fox. The orthomosaics are being processed.')),
      },
    ],
  },
  {
    title: 'Community standards for ecological forecast output',
    owner: 'grace',
    summary:
      'Helping forecasting teams publish forecasts in a common format with machine-readable metadata, so that they can be compared, scored and archived.',
    status: 'completed',
    visibility: 'public',
    startDate: '2020-09-01',
    endDate: '2022-12-31',
    team: 'data-team',
    doc: doc(
      p(
        'Forecasts are only useful to others when they can be found and read. We worked with the ',
        link('EFI standards', 'https://github.com/eco4cast/EFIstandards'),
        ' group on a convention for forecast files and their metadata, and added it to our own pipelines.',
      ),
      h(2, 'Building blocks'),
      ul(
        ['The FAIR Guiding Principles (Wilkinson et al. 2016, ', doi('10.1038/sdata.2016.18'), ')'],
        ['The Ecological Metadata Language, EML (Fegraus et al. 2005)'],
        ['The NetCDF Climate and Forecast (CF) conventions for gridded output'],
        ['ISO 8601 dates and times'],
      ),
      h(2, 'Results'),
      p('All forecasts of the Forecasting group now carry EML metadata and are archived with their code.'),
    ),
    contributors: [
      ['grace', 'Coordinator'],
      ['amara-diallo', 'EFI liaison'],
      ['wiebke-schulz', 'Metadata'],
      ['matteo-bianchi', 'Archiving'],
    ],
    institutions: [
      ['efi', 'Lead'],
      ['pangaea', 'Partner'],
      ['senckenberg', 'Partner'],
    ],
    members: [],
    updates: [
      {
        title: 'Convention adopted',
        publishedAt: '2022-11-30T11:00:00Z',
        author: 'grace',
        doc: doc(p('Our pipelines write the community convention from today. A short how-to for new forecasts is in the documentation.')),
      },
    ],
  },
  {
    title: 'Data rescue: the Davos snow-pit notebooks',
    owner: 'grace',
    summary:
      'Digitising fifty years of handwritten snow-pit profiles from the Davos Field Station before the paper fades. Shared with signed-in users while the transcriptions are checked.',
    status: 'active',
    visibility: 'signed-in',
    startDate: '2025-01-10',
    endDate: '2027-03-31',
    team: 'data-team',
    doc: doc(
      p(
        'Weekly snow-pit profiles (layer depth, grain type, hardness and temperature) were written by hand into notebooks from the 1960s onwards. We scan every page, transcribe the profiles twice, and compare the two transcriptions.',
      ),
      h(2, 'Progress'),
      ul('Notebooks scanned: 212 of 260', 'Profiles transcribed twice: about 6,000', 'Disagreements left to resolve: about 400'),
      p(bold('Please do not cite'), ' the transcriptions yet: they become public once checked.'),
    ),
    contributors: [
      ['oskar-nystrom', 'Project lead'],
      ['dario-ferrari', 'Transcription'],
      ['ugo-moreau', 'Scanning'],
      ['grace', 'Data manager'],
    ],
    institutions: [
      ['davos-station', 'Lead'],
      ['wsl', 'Partner'],
    ],
    members: [['tomas', 'contributor']],
    updates: [
      {
        title: 'Scanning half done',
        publishedAt: '2025-09-01T08:00:00Z',
        author: 'grace',
        doc: doc(p('130 notebooks are scanned. The oldest ones need a gentler scanner: their bindings crack.')),
      },
    ],
  },
  {
    title: 'Carbon in the bogs of the Bohemian Forest',
    owner: 'ada',
    summary: 'Peat cores from five raised bogs in the Šumava mountains, dated and analysed to measure how fast they stored carbon over the last 2,000 years.',
    status: 'active',
    visibility: 'public',
    startDate: '2023-04-01',
    endDate: '2026-12-31',
    team: 'pollen-lab',
    doc: doc(
      p(
        'Raised bogs store carbon because their peat decomposes slowly. Drainage and warmer summers can reverse that. We core five bogs along an elevation gradient and date the cores with radiocarbon and lead-210.',
      ),
      h(2, 'Measurements'),
      ul(
        'Bulk density and carbon content every centimetre',
        'Pollen and testate amoebae every 4 cm, for vegetation and water table',
        'Radiocarbon dates every 20–30 cm',
      ),
    ),
    contributors: [
      ['ada', 'Principal investigator'],
      ['henrik-aalto', 'Co-investigator'],
      ['dmitri-volkov', 'PhD candidate'],
      ['sven-eriksson', 'Postdoctoral researcher: dating'],
      ['hana-dvorak', 'Coring campaigns'],
    ],
    institutions: [
      ['charles-university', 'Lead'],
      ['university-of-lund', 'Partner'],
      ['senckenberg', 'Partner'],
    ],
    members: [],
    updates: [
      {
        title: 'All five bogs cored',
        publishedAt: '2024-10-05T17:00:00Z',
        author: 'ada',
        doc: doc(p('The last core came out of Jezerní slať in snow. Eleven metres of peat in total are now in the cold room.')),
      },
      {
        title: 'First radiocarbon dates back',
        publishedAt: '2025-04-22T09:30:00Z',
        author: 'ada',
        doc: doc(p('The base of the deepest core is about 9,000 years old, far older than we expected for the upper bogs.')),
      },
    ],
  },
  {
    title: 'Grassland drought at Konza and the Central Plains',
    owner: 'mei',
    summary:
      'Rain-exclusion shelters at two NEON grassland sites, tallgrass and shortgrass prairie, to compare how they lose and regain productivity in drought.',
    status: 'completed',
    visibility: 'public',
    startDate: '2020-04-01',
    endDate: '2024-10-31',
    team: 'field-team',
    doc: doc(
      p('Shelters removed about half of the growing-season rain from 20 plots at each site, for four years, followed by a recovery year.'),
      ul(
        [link('Konza Prairie Biological Station (KONZ)', 'https://www.neonscience.org/field-sites/konz'), ', Kansas: tallgrass prairie'],
        [link('Central Plains Experimental Range (CPER)', 'https://www.neonscience.org/field-sites/cper'), ', Colorado: shortgrass steppe'],
      ),
      p(
        'Sites, coordinates and land cover are from the NEON field site metadata. The shortgrass steppe lost less productivity in drought and recovered faster.',
      ),
    ),
    contributors: [
      ['mei', 'Principal investigator'],
      ['yara-silva', 'Co-investigator'],
      ['vera-costa', 'Field assistant'],
      ['kofi-mensah', 'Soil moisture'],
    ],
    institutions: [
      ['neon', 'Lead'],
      ['ufz', 'Partner'],
    ],
    members: [],
    updates: [
      {
        title: 'Shelters up at both sites',
        publishedAt: '2020-05-18T12:00:00Z',
        author: 'mei',
        doc: doc(p('Forty shelters stand, and the soil moisture probes report every 30 minutes.')),
      },
      {
        title: 'Recovery year ends the experiment',
        publishedAt: '2024-11-12T10:00:00Z',
        author: 'mei',
        doc: doc(p('The shelters are down. Shortgrass plots are back to control productivity; tallgrass plots are not, yet.')),
      },
    ],
  },
  {
    title: 'Larch budmoth outbreaks in Alpine tree rings',
    owner: 'grace',
    summary: 'A 1,000-year record of larch budmoth outbreaks from tree rings of living larches and old timber in the Engadine and Valais.',
    status: 'active',
    visibility: 'public',
    startDate: '2022-09-01',
    endDate: '2026-08-31',
    team: 'data-team',
    doc: doc(
      p(
        'The larch budmoth defoliates larch forests in the Alps every eight to ten years, leaving narrow, light rings. We date outbreaks in living trees and in beams of old houses, and ask whether the cycle weakened in recent decades.',
      ),
      h(2, 'Work packages'),
      ol(
        'Sampling living larches along elevation transects',
        'Sampling historical timber in villages',
        'Ring-width and wood-density measurements',
        'Outbreak detection and comparison with climate',
      ),
    ),
    contributors: [
      ['quentin-martin', 'Principal investigator'],
      ['tomas', 'PhD candidate'],
      ['bruno-keller', 'Wood density'],
      ['jonas-weber', 'PhD candidate: historical timber'],
    ],
    institutions: [
      ['eth-zurich', 'Lead'],
      ['wsl', 'Partner'],
    ],
    members: [['tomas', 'editor']],
    updates: [
      {
        title: 'Beams from a 1611 barn',
        publishedAt: '2024-03-14T15:00:00Z',
        author: 'tomas',
        doc: doc(p('A barn in the Val Bever gave us 14 larch beams cut in the winter of 1610/11, with three outbreaks in the 1500s.')),
      },
    ],
  },
  {
    title: 'Forecasting summer school: state-space models',
    owner: 'mei',
    summary: 'A two-week school for PhD candidates on fitting state-space models to ecological time series and turning them into iterative forecasts.',
    status: 'planned',
    visibility: 'public',
    startDate: '2027-06-14',
    endDate: '2027-06-25',
    team: 'forecasting',
    doc: doc(
      p(
        'State-space models separate how a system changes from how we observe it. This school teaches them from the ground up, with the observatory’s own time series as exercises.',
      ),
      h(2, 'Reading'),
      ul(
        ['Auger-Méthé et al. 2021, A guide to state–space modeling of ecological time series, ', doi('10.1002/ecm.1470')],
        ['Dietze et al. 2018, Iterative near-term ecological forecasting: needs, opportunities, and challenges, ', doi('10.1073/pnas.1710231115')],
        ['Dietze 2017, ', italic('Ecological Forecasting'), ', Princeton University Press'],
      ),
      p('Applications open in January 2027.'),
    ),
    contributors: [
      ['lea-fischer', 'Organiser'],
      ['ines-jensen', 'Organiser'],
      ['amara-diallo', 'Teacher'],
    ],
    institutions: [
      ['efi', 'Lead'],
      ['university-of-helsinki', 'Host'],
    ],
    members: [],
    updates: [
      {
        title: 'Dates set',
        publishedAt: '2026-10-01T09:00:00Z',
        author: 'mei',
        doc: doc(p('The school runs from 14 to 25 June 2027 in Helsinki.')),
      },
    ],
  },
  {
    title: 'Sedimentary DNA from Scandinavian lakes (proposal)',
    owner: 'ada',
    summary: 'A proposal in preparation: plant and mammal DNA from lake sediments to complement pollen records. Members only until it is submitted.',
    status: 'planned',
    visibility: 'members',
    startDate: '2027-09-01',
    endDate: '2030-08-31',
    team: 'pollen-lab',
    doc: doc(
      h(2, 'Draft outline'),
      ol(
        'Pilot: three lakes with existing pollen records',
        'Compare DNA and pollen for the same samples',
        'Budget: sequencing, one PhD position, two field seasons',
      ),
      p(italic('Not for circulation.')),
    ),
    contributors: [
      ['ada', 'Principal investigator'],
      ['tomas', 'Co-applicant'],
    ],
    institutions: [['university-of-lund', 'Lead']],
    members: [
      ['tomas', 'editor'],
      ['grace', 'viewer'],
    ],
    updates: [
      {
        title: 'Call announced',
        publishedAt: '2026-09-15T08:00:00Z',
        author: 'ada',
        doc: doc(p('The call is out; the deadline is in March. Comments on the outline by the end of January, please.')),
      },
    ],
  },
];

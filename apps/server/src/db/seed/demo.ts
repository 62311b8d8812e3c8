/**
 * The demo data set: partner institutions in four categories, about forty people with
 * affiliations (four of them with accounts), and four teams. Names are invented.
 */
export const DEMO_CATEGORIES = [
  { id: '6f1f7c3e-1d2a-4c55-9a51-0c8f8d1e0a01', name: 'Universities', position: 0 },
  { id: '6f1f7c3e-1d2a-4c55-9a51-0c8f8d1e0a02', name: 'Research institutes', position: 1 },
  { id: '6f1f7c3e-1d2a-4c55-9a51-0c8f8d1e0a03', name: 'Networks and agencies', position: 2 },
  { id: '6f1f7c3e-1d2a-4c55-9a51-0c8f8d1e0a04', name: 'Field stations', position: 3 },
];

export const DEMO_INSTITUTIONS = [
  { slug: 'university-of-lund', name: 'Lund University', url: 'https://www.lunduniversity.lu.se', ror: '012a77v79', category: 0 },
  { slug: 'eth-zurich', name: 'ETH Zurich', url: 'https://ethz.ch', ror: '05a28rw58', category: 0 },
  { slug: 'university-of-bern', name: 'University of Bern', url: 'https://www.unibe.ch', ror: '02k7v4d05', category: 0 },
  { slug: 'charles-university', name: 'Charles University', url: 'https://cuni.cz', ror: '024d6js02', category: 0 },
  { slug: 'university-of-helsinki', name: 'University of Helsinki', url: 'https://www.helsinki.fi', ror: '040af2s02', category: 0 },
  { slug: 'wsl', name: 'Swiss Federal Institute for Forest, Snow and Landscape Research WSL', url: 'https://www.wsl.ch', ror: '04bs5yc70', category: 1 },
  { slug: 'ufz', name: 'Helmholtz Centre for Environmental Research UFZ', url: 'https://www.ufz.de', ror: '000h6jb29', category: 1 },
  { slug: 'senckenberg', name: 'Senckenberg Biodiversity and Climate Research Centre', url: 'https://www.senckenberg.de', ror: null, category: 1 },
  { slug: 'cnrs-ecology', name: 'CNRS Ecology and Environment', url: 'https://www.inee.cnrs.fr', ror: null, category: 1 },
  { slug: 'neon', name: 'National Ecological Observatory Network (NEON)', url: 'https://www.neonscience.org', ror: null, category: 2 },
  { slug: 'usgs', name: 'U.S. Geological Survey', url: 'https://www.usgs.gov', ror: '035a68863', category: 2 },
  { slug: 'efi', name: 'Ecological Forecasting Initiative', url: 'https://ecoforecast.org', ror: null, category: 2 },
  { slug: 'pangaea', name: 'PANGAEA Data Publisher', url: 'https://www.pangaea.de', ror: null, category: 2 },
  { slug: 'abisko-station', name: 'Abisko Scientific Research Station', url: null, ror: null, category: 3 },
  { slug: 'davos-station', name: 'Davos Field Station', url: null, ror: null, category: 3 },
];

/** People with accounts (they sign in with DEMO_PASSWORD). */
export const DEMO_PEOPLE = [
  { username: 'ada', name: 'Ada Lindqvist', email: 'ada@example.org', institution: 'university-of-lund', title: 'Palaeoecologist', role: 'researcher' },
  { username: 'grace', name: 'Grace Okafor', email: 'grace@example.org', institution: 'wsl', title: 'Data manager', role: 'data-manager' },
  { username: 'tomas', name: 'Tomás Herrera', email: 'tomas@example.org', institution: 'eth-zurich', title: 'PhD candidate', role: null },
  { username: 'mei', name: 'Mei Tanaka', email: 'mei@example.org', institution: 'neon', title: 'Field ecologist', role: 'researcher' },
];

const GIVEN = [
  'Aino',
  'Bruno',
  'Chiara',
  'Dmitri',
  'Elin',
  'Farah',
  'Gustav',
  'Hana',
  'Ivan',
  'Jana',
  'Kofi',
  'Lea',
  'Matteo',
  'Nora',
  'Oskar',
  'Priya',
  'Quentin',
  'Rosa',
  'Sven',
  'Tereza',
  'Ugo',
  'Vera',
  'Wiebke',
  'Xavier',
  'Yara',
  'Zoltán',
  'Amara',
  'Björn',
  'Carmen',
  'Dario',
  'Eszter',
  'Finn',
  'Gabriela',
  'Henrik',
  'Ines',
  'Jonas',
];
const FAMILY = [
  'Novák',
  'Keller',
  'Rossi',
  'Volkov',
  'Berg',
  'Haddad',
  'Lund',
  'Dvořák',
  'Petrov',
  'Horák',
  'Mensah',
  'Fischer',
  'Bianchi',
  'Larsen',
  'Nyström',
  'Iyer',
  'Martin',
  'Garcia',
  'Eriksson',
  'Svobodová',
  'Moreau',
  'Costa',
  'Schulz',
  'Dupont',
  'Silva',
  'Szabó',
  'Diallo',
  'Holm',
  'López',
  'Ferrari',
  'Kovács',
  'Walsh',
  'Ramos',
  'Aalto',
  'Jensen',
  'Weber',
];
const TITLES = [
  'Professor',
  'Senior scientist',
  'Postdoctoral researcher',
  'PhD candidate',
  'Technician',
  'Field assistant',
  'Data scientist',
  'Station manager',
];

/** Thirty-six more people without accounts, spread over the institutions. */
export const DEMO_MORE_PEOPLE = GIVEN.map((given, i) => ({
  name: `${given} ${FAMILY[i]}`,
  institution: DEMO_INSTITUTIONS[i % DEMO_INSTITUTIONS.length]!.slug,
  title: TITLES[i % TITLES.length]!,
}));

export const DEMO_TEAMS = [
  { slug: 'field-team', name: 'Field team', description: 'People who run the field campaigns.' },
  { slug: 'data-team', name: 'Data team', description: 'Curation, quality control and publication of the observatory’s data.' },
  { slug: 'pollen-lab', name: 'Pollen lab', description: 'Pollen counts and vegetation reconstructions from lake and bog cores.' },
  { slug: 'forecasting', name: 'Forecasting group', description: 'Ecological forecasts from the observatory’s time series.' },
];

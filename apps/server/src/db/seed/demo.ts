/** A small demo data set: partner institutions, people and their accounts. */
export const DEMO_CATEGORIES = [
  { id: '6f1f7c3e-1d2a-4c55-9a51-0c8f8d1e0a01', name: 'Universities', position: 0 },
  { id: '6f1f7c3e-1d2a-4c55-9a51-0c8f8d1e0a02', name: 'Research institutes', position: 1 },
  { id: '6f1f7c3e-1d2a-4c55-9a51-0c8f8d1e0a03', name: 'Networks and agencies', position: 2 },
];

export const DEMO_INSTITUTIONS = [
  { slug: 'university-of-lund', name: 'Lund University', url: 'https://www.lunduniversity.lu.se', ror: '012a77v79', category: 0 },
  { slug: 'eth-zurich', name: 'ETH Zurich', url: 'https://ethz.ch', ror: '05a28rw58', category: 0 },
  { slug: 'wsl', name: 'Swiss Federal Institute for Forest, Snow and Landscape Research WSL', url: 'https://www.wsl.ch', ror: '04bs5yc70', category: 1 },
  { slug: 'neon', name: 'National Ecological Observatory Network (NEON)', url: 'https://www.neonscience.org', ror: null, category: 2 },
  { slug: 'usgs', name: 'U.S. Geological Survey', url: 'https://www.usgs.gov', ror: '035a68863', category: 2 },
];

export const DEMO_PEOPLE = [
  { username: 'ada', name: 'Ada Lindqvist', email: 'ada@example.org', institution: 'university-of-lund', title: 'Palaeoecologist', role: 'researcher' },
  { username: 'grace', name: 'Grace Okafor', email: 'grace@example.org', institution: 'wsl', title: 'Data manager', role: 'data-manager' },
  { username: 'tomas', name: 'Tomás Herrera', email: 'tomas@example.org', institution: 'eth-zurich', title: 'PhD candidate', role: null },
  { username: 'mei', name: 'Mei Tanaka', email: 'mei@example.org', institution: 'neon', title: 'Field ecologist', role: 'researcher' },
];

export const DEMO_TEAM = { slug: 'field-team', name: 'Field team', description: 'People who run the field campaigns.' };

import type { DocumentBlock, DocumentInline, DocumentListItem, DocumentMark, DocumentTableCell, DocumentTableRow, ProseMirrorDoc } from '@observatory/shared';

/**
 * The user guide and the privacy statement, seeded as documentation pages on the first
 * start (db/seed/pages.ts); administrators own and edit them after that. Each text
 * describes the product as it is: its screens, labels, limits and defaults.
 */

// Builders ----------------------------------------------------------------------------

/** A run of text: a plain string, or a text node with its marks. */
type Run = string | DocumentInline;

const text = (value: string, ...marks: DocumentMark[]): DocumentInline => (marks.length ? { type: 'text', text: value, marks } : { type: 'text', text: value });
const bold = (value: string) => text(value, { type: 'bold' });
const italic = (value: string) => text(value, { type: 'italic' });
const code = (value: string) => text(value, { type: 'code' });
const link = (value: string, href: string) => text(value, { type: 'link', attrs: { href } });

const inline = (runs: Run[]): DocumentInline[] => runs.map((r) => (typeof r === 'string' ? text(r) : r));
const p = (...runs: Run[]): DocumentBlock => ({ type: 'paragraph', content: inline(runs) });
const heading = (level: 2 | 3 | 4, value: string): DocumentBlock => ({ type: 'heading', attrs: { level }, content: [text(value)] });
const h2 = (value: string) => heading(2, value);
const h3 = (value: string) => heading(3, value);

/** A list item: one paragraph of runs, given as a string or an array of runs. */
type Item = string | Run[];
const item = (runs: Item): DocumentListItem => ({ type: 'listItem', content: [p(...(typeof runs === 'string' ? [runs] : runs))] });
const ul = (...items: Item[]): DocumentBlock => ({ type: 'bulletList', content: items.map(item) });
const ol = (...items: Item[]): DocumentBlock => ({ type: 'orderedList', attrs: { start: 1 }, content: items.map(item) });

const codeBlock = (language: string, value: string): DocumentBlock => ({ type: 'codeBlock', attrs: { language }, content: [{ type: 'text', text: value }] });
const callout = (tone: 'info' | 'tip' | 'warning', ...content: DocumentBlock[]): DocumentBlock => ({ type: 'callout', attrs: { tone }, content });

const cell = (type: DocumentTableCell['type'], runs: Item): DocumentTableCell => ({
  type,
  attrs: { colspan: 1, rowspan: 1 },
  content: [p(...(typeof runs === 'string' ? [runs] : runs))],
});
/** A table: a header row, then rows of cells. */
const table = (headers: string[], ...rows: Item[][]): DocumentBlock => ({
  type: 'table',
  content: [
    { type: 'tableRow', content: headers.map((h) => cell('tableHeader', h)) } satisfies DocumentTableRow,
    ...rows.map((cells): DocumentTableRow => ({ type: 'tableRow', content: cells.map((c) => cell('tableCell', c)) })),
  ],
});

const doc = (...content: DocumentBlock[]): ProseMirrorDoc => ({ type: 'doc', content });

// Pages -------------------------------------------------------------------------------

const INDEX = doc(
  p(
    'This catalogue presents the work of a research observatory: its research projects with their documentation, files and measured data; the sites, properties and plots where the work happens, on a map; the people and partner institutions involved; publications; insights (short articles with comments); and photos from the field.',
  ),
  h2('Who it is for'),
  ul(
    [bold('Visitors'), ' browse every public page without an account.'],
    [bold('Researchers'), ' sign in to keep their projects up to date, write notes, upload photos and comment.'],
    [bold('Data managers'), ' bring data in from spreadsheets and look after metrics, units and object types.'],
    [bold('Administrators'), ' manage accounts, roles, institutions and the rest of Site Admin.'],
  ),
  h2('Start here'),
  ol(
    [link('Find your way around', '/doc/guide/browsing'), ': projects, people, partners, publications, insights and photos.'],
    [link('Sign in and manage your account', '/doc/guide/signing-in'), ', including API keys.'],
    [link('Create and edit a project', '/doc/guide/projects'), ': contributors, documentation, updates, files and members.'],
    [link('Use the map and object pages', '/doc/guide/map'), ': sites, notebooks, photos and metadata.'],
    [link('Import objects and observations', '/doc/guide/import'), ' from CSV, TSV or Excel files.'],
    [link('Read measured data', '/doc/guide/data'), ': metrics, units, data tables, charts and downloads.'],
    [link('Use the API', '/doc/guide/api'), ' from scripts and other programs.'],
    [link('Administer the site', '/doc/guide/administration'), ': users, roles, schema and more.'],
  ),
  p('The whole ', link('user guide', '/doc/guide'), ' lists these sections with a line on each.'),
  h2('For developers'),
  p(
    'Every screen of the catalogue uses a public API. The ',
    link('API reference', '/doc/api'),
    ' documents each call, and the ',
    link('data sandbox', '/sandbox'),
    ' lets you query objects and their measurements and download the results.',
  ),
  h2('Getting help'),
  p('Help/Docs in the user menu always brings you back to this page.'),
  p(
    'If a page shows an error you do not expect, note what you did and the request id when the message gives one: it lets the site’s administrators find the details in the server log. Then use the Contact link in the footer, when the site has one, or write to one of the site’s administrators.',
  ),
);

const GUIDE = doc(
  p('This guide explains how to use the catalogue, task by task. Each section stands on its own: start with the one you need.'),
  table(
    ['Section', 'What it covers'],
    [[link('Browsing the catalogue', '/doc/guide/browsing')], 'Finding projects, people, partners, publications, insights, teams and photos.'],
    [[link('Signing in and your account', '/doc/guide/signing-in')], 'Signing in, passwords, invitations, My Account and API keys.'],
    [
      [link('Projects', '/doc/guide/projects')],
      'Creating and editing a project: contributors, institutions, documentation, updates, files, publications, members and visibility.',
    ],
    [[link('Map and objects', '/doc/guide/map')], 'Sites and properties on the map, and an object’s overview, notebook, photos, metadata and children.'],
    [[link('Importing from spreadsheets', '/doc/guide/import')], 'Bulk import of objects, relations and observations: steps, options, preview and limits.'],
    [[link('Measured data', '/doc/guide/data')], 'Metrics, units, data tables, charts, CSV downloads and the sandbox.'],
    [[link('The API', '/doc/guide/api')], 'Authentication, pagination, errors and examples for scripts.'],
    [[link('Administration', '/doc/guide/administration')], 'Site Admin: users, roles, institutions, schema, pages, shortlinks, assets and imports.'],
  ),
  callout(
    'tip',
    p(
      'Most of the catalogue can be read without an account. You need to sign in only to add or change something, or to see what is shared with signed-in users or with members.',
    ),
  ),
  h2('Words used in this guide'),
  ul(
    [bold('Object'), ': anything catalogued with a place and a type, such as a property, a site or a plot.'],
    [bold('Object type'), ': what kind of object it is; it decides which metadata fields and metrics the object has.'],
    [bold('Metric'), ': something measured, with its unit; observations of metrics fill a project’s data tables.'],
    [bold('Member'), ': a person holding a role (owner, editor, contributor or viewer) on a project or a team.'],
  ),
);

const BROWSING = doc(
  p(
    'The bar at the top of every page leads to the main parts of the catalogue: Projects, Sites, Photos, People, Partners, Publications and Insights. The user menu on the right holds Help/Docs and, once you are signed in, your own pages.',
  ),
  h2('Find a project'),
  p(
    'Open ',
    link('Projects', '/projects'),
    '. Type in ',
    bold('Search projects'),
    ' to search titles, summaries and documentation; the best matches come first. Narrow the list by ',
    bold('Status'),
    ' (planned, active or completed), institution, team or ',
    bold('Contributor'),
    ', and sort by title, recent changes or newest start. The list shows 25 projects a page.',
  ),
  p('A badge marks projects shared only with signed-in users or with members. Archived projects are left out of the list but still open from their address.'),
  h2('Read a project'),
  p('A project page has four tabs, each with its own address:'),
  ul(
    [bold('Overview'), ': summary, dates, documentation, publications, contributors and partner institutions in order, and the recent updates.'],
    [
      bold('Data'),
      ': the sites and objects the project catalogues, and its data tables with charts and downloads (see ',
      link('Measured data', '/doc/guide/data'),
      ').',
    ],
    [bold('Files'), ': the project’s files; download the latest version or any earlier one.'],
    [bold('Updates'), ': the project’s news, newest first.'],
  ),
  p('If a project has changed its address, the old link still works.'),
  h2('People, partners and teams'),
  p(
    link('People', '/people'),
    ' lists everyone in the catalogue; search by name. A person’s page shows their affiliations, biography, projects, sites and objects, and publications. ',
    link('Partners', '/partners'),
    ' lists the partner institutions grouped in categories; an institution’s page shows the people affiliated with it and their publications. A team’s page lists its members and the insights it has published.',
  ),
  h2('Publications and insights'),
  p(
    'In ',
    link('Publications', '/pubs'),
    ', search titles, authors and abstracts, and filter by year, type, author or project. A publication’s page formats its citation in APA, Vancouver, Harvard or Chicago style, ready to copy. Use ',
    bold('Export'),
    ' to download BibTeX, RIS or CSL-JSON.',
  ),
  p(
    link('Insights', '/insights'),
    ' are short articles about the observatory’s sites and work. Search their words (',
    code('"a phrase"'),
    ', ',
    code('or'),
    ' and ',
    code('-word'),
    ' work as in a web search), pick a tag, or sort by newest, oldest or most discussed. Signed-in readers can comment.',
  ),
  h2('Search photos'),
  p(
    link('Photos', '/photos'),
    ' searches the photos of every object and the images in insight comments. Search words of the caption, the object or the photographer, and filter by photographer, object type and the dates taken. To search a place, choose ',
    bold('Draw a box'),
    ' and drag on the map, or ',
    bold('Search this map view'),
    '; ',
    bold('Clear the box'),
    ' removes it.',
  ),
);

const SIGNING_IN = doc(
  h2('Sign in'),
  p(
    'Choose ',
    bold('Sign In'),
    ' at the top right, enter your ',
    bold('Username or e-mail'),
    ' and your password, and select ',
    bold('Sign in'),
    '. You arrive at the home page, and the user menu now holds My Profile, My Projects, My Teams, My Account and, if you administer the site, Site Admin.',
  ),
  h3('Keep me signed in'),
  p(
    'Tick ',
    bold('Keep me signed in'),
    ' on your own computer: you then stay signed in for up to 60 days. Without it, your sign-in ends when you close the browser, after 12 hours without use, and at the latest 7 days after you signed in (the site’s administrators can change these two times).',
  ),
  callout(
    'warning',
    p('Do not tick ', bold('Keep me signed in'), ' on a shared or public computer. If you did, use ', bold('Sign out everywhere'), ' under My Account.'),
  ),
  h2('Forgot your password'),
  p(
    'Select ',
    bold('Forgot your password?'),
    ' on the sign-in page and give your username or e-mail address. If the account has an e-mail address, a link to choose a new password is sent to it. The link works once, for one hour. Setting the new password signs you out everywhere else.',
  ),
  h2('Accept an invitation'),
  p(
    'An administrator can invite you by e-mail. Open the link in the invitation (or paste its code at ',
    link('/invitation', '/invitation'),
    '), then choose your username and a password of at least 8 characters. Invitations are valid for 14 days.',
  ),
  h2('My Account'),
  p('Open ', link('My Account', '/me'), ' from the user menu to:'),
  ul(
    'change the e-mail address used for password resets (to change your username, ask an administrator);',
    'change your password: give the current one, then the new one twice; your other sessions end;',
    'choose whether you get an e-mail when someone comments on your insights;',
    [bold('Sign out'), ' here, or ', bold('Sign out everywhere'), ' to end every session on every device;'],
    'confirm publications that list you as an author, when any are waiting.',
  ),
  p('The tabs beside Account lead to your photos, your projects and your teams. Edit your public profile (name, ORCID iD, biography) from My Profile.'),
  h2('Create an API key'),
  p(
    'An API key lets a program use the API as you. Under ',
    bold('API keys'),
    ' in My Account, say what the key is for, optionally choose the day it expires, and choose its ',
    bold('Permissions'),
    ': with none, the key can only read. Select ',
    bold('Create key'),
    '.',
  ),
  callout(
    'warning',
    p(
      'The key, starting ',
      code('obk_'),
      ', is shown once. Copy it then and keep it as you would a password. If it is lost or exposed, revoke it and create another.',
    ),
  ),
  p('A key never does more than you can do yourself. See ', link('The API', '/doc/guide/api'), ' for how to use it.'),
);

const PROJECTS = doc(
  h2('Create a project'),
  p(
    'If you may create projects, ',
    link('Projects', '/projects'),
    ' shows a ',
    bold('New project'),
    ' button. Give a ',
    bold('Title'),
    ' and, if you like, a one- or two-sentence ',
    bold('Summary'),
    ', a ',
    bold('Status'),
    ', start and end dates, a team and the documentation. Select ',
    bold('Create project'),
    '. You become the project’s owner, and the edit page opens so that you can add contributors and institutions.',
  ),
  h2('Edit a project'),
  p(
    'On the project’s page, select ',
    bold('Edit'),
    ' (shown to its owners and editors). Besides the fields above you can change its address (',
    bold('Address (slug)'),
    '); the old address keeps working.',
  ),
  h3('Add a contributor'),
  p(
    'Under ',
    bold('Contributors'),
    ', choose a person, give an optional ',
    bold('Title'),
    ' such as “Principal investigator”, and select ',
    bold('Add contributor'),
    '. Drag a contributor by the handle, or use the keyboard on it, to change the order; the project page shows the same order. Partner ',
    bold('Institutions'),
    ' work the same way, with a ',
    bold('Role'),
    ' such as “Partner”.',
  ),
  h3('Keep the documentation’s history'),
  p(
    'Every save of the documentation is kept. ',
    bold('Documentation history'),
    ' on the edit page lists the saved versions: open one to read it, or select ',
    bold('Restore'),
    ' to make it the current text again. Restoring adds a new version, so nothing is lost.',
  ),
  h2('Post an update'),
  p(
    'On the ',
    bold('Updates'),
    ' tab, select ',
    bold('Post an update'),
    ', give a title and the text, and select ',
    bold('Post update'),
    '. Updates keep their own history, like the documentation.',
  ),
  h2('Share files'),
  p(
    'On the ',
    bold('Files'),
    ' tab, ',
    bold('Add a file'),
    ': choose it, optionally name and describe it, and select ',
    bold('Upload'),
    '. Any type of file is accepted, up to 100 MB by default. ',
    bold('Add a version'),
    ' uploads a newer copy; every version stays downloadable until you delete it. Owners, editors and contributors upload; owners and editors rename and delete.',
  ),
  h2('List publications'),
  p(
    'On the overview, editors find ',
    bold('Add publication'),
    ' below the publications: pick one already in the catalogue. A new one is added first at ',
    link('Publications', '/pubs/new'),
    ', by hand or by pasting BibTeX or RIS.',
  ),
  h2('Members, roles and visibility'),
  p('Members hold a role on the project:'),
  table(
    ['Role', 'What it allows'],
    ['Owner', 'Everything an editor can, plus deleting the project and managing its members.'],
    ['Editor', 'Edit the project, its updates, files and objects; upload files; write notes.'],
    ['Contributor', 'Upload files and photos; write notes on its objects.'],
    ['Viewer', 'See the project when it is for members only.'],
  ),
  p(
    bold('Who can see it'),
    ' is ',
    bold('Everyone'),
    ', ',
    bold('Signed-in users'),
    ' or ',
    bold('Members only'),
    '. A project others may not see is not listed or counted for them, and its address answers “not found”.',
  ),
  callout(
    'info',
    p(
      'Members are added, and a project is archived or deleted, under Site Admin → Projects, by administrators who manage projects. Ask one if you need a change.',
    ),
  ),
);

const MAP = doc(
  h2('Open the map'),
  p(
    bold('Sites'),
    ' in the top bar opens the map of properties and sites. A site may offer further map views, each at its own address under ',
    code('/map/'),
    ' (by default also ',
    link('Plots', '/map/plots'),
    '); ',
    link('/map', '/map'),
    ' shows objects of every type. The map keeps its place while you visit other pages.',
  ),
  p(
    'Objects close together are grouped into a circle with their number: select it to zoom in. Select a marker to see the object’s title and types, and ',
    bold('Open'),
    ' it. Objects without a location are not on the map.',
  ),
  h3('Find an object on the map'),
  ul(
    [bold('Search the map'), ' finds objects by name or title, whatever layers are shown; press Enter to fly to the first result.'],
    [bold('Show layers'), ' has a checkbox for each object type, with its marker as the legend.'],
    [bold('List objects in view'), ' lists what the map shows, for keyboard and screen reader users.'],
  ),
  h2('Read an object’s page'),
  p(
    'Every object has a page at ',
    code('/data/'),
    ' followed by its name. The breadcrumbs show the object it is part of; badges show its types and who can see it. The page has three tabs.',
  ),
  h3('Overview'),
  ul(
    [bold('Details'), ': the metadata. Its fields come from the metadata schemas of the object’s types, so a site and a plot show different fields.'],
    [bold('Documentation'), ': free text about the object.'],
    [bold('Location'), ': a map with the object, the object it is part of and its children, with coordinates to copy, and the area or length of a shape.'],
    [bold('Children'), ': the objects within this one, such as the plots of a site.'],
    'Beside these: its projects, people and institutions, and when it last changed.',
  ),
  h3('Notebook'),
  p(
    'Notes are short field records, newest first, 20 at a time. Owners, editors and contributors of the object’s projects write them under ',
    bold('New note'),
    '. You can edit or delete your own notes.',
  ),
  h3('Photos'),
  p(
    bold('Upload a photo'),
    ' takes JPEG, PNG or WebP images, up to 10 MB by default. The time and position the camera recorded are read from the photo; the versions shown on the site carry no camera metadata. iPhone HEIC photos are refused: share or export them as JPEG first.',
  ),
  h2('Add or edit an object'),
  p(
    'Signed in, use ',
    bold('Add object'),
    ' in ',
    link('Data', '/data'),
    ', or ',
    bold('Edit'),
    ' on an object’s page (shown to the owners and editors of its projects). Give its name (its address), title, types, projects, who can see it and the object it is part of. Fill in the metadata, then set its location: draw a point, line or polygon on the map, type a longitude and latitude, or paste GeoJSON.',
  ),
  callout('tip', p('A members-only object is seen by the members of its projects. Renaming an object changes its address.')),
);

const IMPORT = doc(
  p(
    'Bring many objects, relations or observations in at once from a spreadsheet. Importing objects and relations needs the importData permission (data managers hold it); a project’s editors import observations into its data tables.',
  ),
  h2('Import step by step'),
  ol(
    [
      'Open Site Admin → ',
      link('Import', '/admin/data/import'),
      '. Editors importing observations start from ',
      bold('Import observations'),
      ' on the project’s Data tab.',
    ],
    [
      bold('Choose a file'),
      ': CSV, TSV or an Excel workbook (.xlsx). The first row names the columns; each row after it is a record. For a workbook, pick the ',
      bold('Sheet'),
      '.',
    ],
    ['Answer ', bold('What does the file hold?'), ': objects, object relations or observations.'],
    ['Set the options and map the columns, then select ', bold('Preview'), '. Nothing is written yet.'],
    ['Check the preview and select ', bold('Commit'), ', then ', bold('Import'), '.'],
  ),
  h2('Object options'),
  table(
    ['Option', 'What it does'],
    [[bold('Id column'), ' (idColumn)'], 'The objects’ names. A record updates the object of that name; without it, every record creates a new object.'],
    [[bold('Create objects')], 'Create an object for a name no object has; unticked, such a record is an error.'],
    [[bold('Title column'), ' (titleColumn)'], 'The objects’ titles; none leaves titles as they are.'],
    [[bold('Set locations'), ' (setLocation)'], 'Each object’s point from a latitude and a longitude column, in degrees (latColumn, lonColumn).'],
    [[bold('Projects'), ' and ', bold('Object types')], 'Projects you may edit, and types, for every object.'],
    [[bold('Keep their other projects / types / metadata')], 'The merge options. Ticked, an update adds to what the object has; unticked, it replaces it.'],
    [
      [bold('Metadata field'), ' per column (metadataColumns)'],
      [
        'Which metadata field a column fills; the chosen types’ fields are offered. Another key may be typed when a type’s schema allows other fields; a schema that takes only its own says so, and a key it lacks is flagged at once (holders of manageSchema may add it to the schema there). ',
        bold('Map all columns by header'),
        ' maps each column whose header is a field’s name or title.',
      ],
    ],
  ),
  callout('warning', p('Without an id column, importing the same file again creates every object again. With one, a second import changes nothing.')),
  p(
    'A relation import sets the ',
    bold('Site'),
    ' each object sits in; tick ',
    bold('Empty cells remove relations'),
    ' to clear a site with an empty cell. An observation import names the project, the data table, the object and time columns, and either one column per metric or a metric column with a value column.',
  ),
  h2('Read the preview'),
  p(
    'The preview counts the records to be ',
    bold('Created'),
    ', ',
    bold('Updated'),
    ', ',
    bold('Unchanged'),
    ' and in ',
    bold('Errors'),
    ', with what changes in metadata, locations, projects and types. Filter the records by those, 100 a page, and compare each record’s before and after. While any record has an error, nothing can be committed: correct the file or the options. The commit writes everything in one go; if anything fails, nothing is written.',
  ),
  p('Numbers may use a decimal comma, yes/no values and YYYY-MM-DD dates are understood, and text is kept exactly as written (formulas are not evaluated).'),
  h2('Limits'),
  ul(
    'Files up to 50 MB, and at most 100,000 records (by default).',
    ['A file with only a header row is refused: “', italic('Imported file contains no records.'), '” An empty header cell is named “Column N”.'],
    'Old .xls workbooks are not read: save them as .xlsx or CSV.',
  ),
  p(bold('Past imports'), ' below the upload lists who imported which file and what it did. A file not yet imported can be discarded.'),
);

const DATA = doc(
  h2('Metrics and units'),
  p(
    'A metric is something measured, such as chlorophyll-a or soil pH. It has a title, a description, a type (number, integer, true/false, text, date or category) and, for numbers, a unit and sometimes a lowest and highest value accepted. Each object type lists the metrics measured on objects of that type.',
  ),
  p(
    'Units are UCUM codes, the standard for units of measure. They are exact and case-sensitive: a hectare is ',
    code('har'),
    ' and a degree Celsius ',
    code('Cel'),
    '.',
  ),
  h2('Explore a data table'),
  p(
    'Measured data lives in a project’s data tables, on the project’s ',
    bold('Data'),
    ' tab. Each table shows its title, description and metrics. Narrow it by ',
    bold('Metric'),
    ', ',
    bold('Object type'),
    ', ',
    bold('Object'),
    ', and the dates ',
    bold('From'),
    ' and ',
    bold('Before'),
    '. Then pick a view:',
  ),
  table(
    ['View', 'What it shows'],
    [[bold('Chart')], 'One numeric metric over time, a line per object.'],
    [[bold('Table')], 'Every observation: object, metric, time, value and note. Select a column heading to sort.'],
    [[bold('Summary')], 'Per object and metric: count, minimum, maximum, mean, first and last.'],
    [[bold('Map')], 'The table’s objects that have a location.'],
  ),
  callout(
    'tip',
    p(
      'Drag across the chart to zoom in on a time range; ',
      bold('Whole time range'),
      ' zooms out again. The chart draws the first 20 objects: choose an object or a type to see others. Very long series are drawn as each span’s lowest and highest value, so no peak is lost.',
    ),
  ),
  h2('Download the data'),
  p(
    bold('Download CSV'),
    ' saves every observation that matches the current filters, with the columns object, title, metric, unit, time, value and note. In ',
    link('Data', '/data'),
    ', ',
    bold('Export'),
    ' saves the objects matching your search as GeoJSON or CSV.',
  ),
  p(
    'Data tables are set up, with their metrics, under Site Admin → Projects → Catalog. A project’s editors fill them with an ',
    link('observation import', '/doc/guide/import'),
    '.',
  ),
  h2('Browse the data catalogue'),
  p('The ', link('data catalogue', '/nodes'), ' arranges what the observatory measures by theme: open a theme to see its variables and how they are measured.'),
  h2('Query across projects in the sandbox'),
  p(
    'The ',
    link('sandbox', '/sandbox'),
    ' finds objects by type, project, metadata values and map area, and sums up chosen metrics for each: count, lowest, highest, mean and latest value. It charts one numeric metric over time across the objects found and exports them as CSV or GeoJSON. Anyone may use it; visitors may send 60 queries a minute. A query too broad for the database is refused: add a type, a project or a map area.',
  ),
);

const API = doc(
  p(
    'Everything the site shows comes from its API, which you can call from scripts and other programs. Its base address is ',
    code('/api/v1'),
    ' on this site. It speaks JSON. The ',
    link('API reference', '/doc/api'),
    ' documents every call, and the machine-readable OpenAPI 3.1 description is at ',
    code('/api/v1/openapi.json'),
    '.',
  ),
  h2('Authenticate'),
  p('Public data needs no authentication. To read what you may see when signed in, or to make changes, send a bearer token with each request:'),
  codeBlock('http', 'Authorization: Bearer <token>'),
  p('The token is either:'),
  ul(
    [
      bold('an API key'),
      ', starting ',
      code('obk_'),
      ', created under ',
      link('My Account', '/me'),
      '. Best for scripts: it lasts until it expires or is revoked, and can be limited to reading.',
    ],
    [
      bold('an access token'),
      ' from ',
      code('POST /api/v1/auth/login'),
      ' with your username and password. It is valid for 15 minutes (',
      code('expires_in'),
      ': 900 seconds).',
    ],
  ),
  h2('Page through lists'),
  p(
    'Lists come a page at a time. Ask for a page with ',
    code('?p='),
    ' (the first page is 1). The answer’s headers give the page (',
    code('pagination-page'),
    '), the total count (',
    code('pagination-count'),
    ') and the page size (',
    code('pagination-limit'),
    ').',
  ),
  h2('Examples'),
  p('Read the second page of projects with curl:'),
  codeBlock('sh', `curl -i 'https://catalogue.example.org/api/v1/projects?p=2' \\\n  -H "Authorization: Bearer $OBSERVATORY_KEY"`),
  p('The same in JavaScript:'),
  codeBlock(
    'js',
    `const response = await fetch('https://catalogue.example.org/api/v1/projects?p=2', {
  headers: { Authorization: \`Bearer \${process.env.OBSERVATORY_KEY}\` },
});
if (!response.ok) {
  const { error, code, requestId } = await response.json();
  throw new Error(\`\${code}: \${error} (request \${requestId})\`);
}
const total = Number(response.headers.get('pagination-count'));
const { projects } = await response.json();`,
  ),
  h2('Errors'),
  p(
    'Every error answers ',
    code('{error, code, requestId, details}'),
    '. For invalid input, ',
    code('details'),
    ' lists each problem as ',
    code('{field, message}'),
    ', the field named like ',
    code('body.title'),
    ' or ',
    code('querystring.p'),
    '.',
  ),
  table(
    ['Status', 'Code', 'When'],
    ['400', [code('VALIDATION_FAILED')], 'The input is invalid; nothing was changed.'],
    ['401', [code('UNAUTHENTICATED')], 'A token is needed, or the one sent is invalid or expired.'],
    ['403', [code('FORBIDDEN')], 'You may see the resource but not do this.'],
    ['404', [code('NOT_FOUND')], 'No such resource, or one you may not see.'],
    ['409', [code('CONFLICT')], 'A name already taken, or something still in use.'],
    ['413', [code('PAYLOAD_TOO_LARGE')], 'A body or upload over its limit.'],
    ['429', [code('RATE_LIMITED')], ['Too many requests: wait as ', code('Retry-After'), ' says.']],
    ['501', [code('NOT_IMPLEMENTED')], 'A SensorThings query option the catalogue does not serve.'],
    ['503', [code('UNAVAILABLE')], ['The database is busy with a long job: retry after ', code('Retry-After'), '.']],
  ),
  h2('Rate limits'),
  p(
    'Sign-in and password-reset requests are limited per address and per account, by default 50 requests per address in 15 minutes. The sandbox allows visitors 60 queries a minute. Over a limit, the answer is 429 with ',
    code('Retry-After'),
    ' in seconds.',
  ),
);

const ADMINISTRATION = doc(
  p(
    bold('Site Admin'),
    ' appears in the user menu for accounts with the accessAdmin permission. Its side menu shows only the sections your permissions open; on a phone the menu is behind the ',
    bold('Site Admin'),
    ' button.',
  ),
  h2('Sections'),
  table(
    ['Section', 'Permission', 'What you do there'],
    ['Overview', 'accessAdmin', 'Counts, the recent changes and the system’s status; with manageUsers, the mail outbox.'],
    [
      'Projects',
      'manageProjects',
      'Every project: its address, visibility, archiving and deletion (Advanced), members (Membership), and its object types and data tables (Catalog).',
    ],
    [
      'Users',
      'manageUsers',
      'Create an account or send an invitation; change a username or e-mail, make a password-reset link, disable an account, see its API keys and give roles.',
    ],
    ['Roles', 'accessAdmin; changes need manageRoles', 'Create roles and choose their permissions.'],
    ['Teams', 'manageTeams', 'Teams and their members.'],
    ['Institutions', 'accessAdmin; changes need manageInstitutions', 'Partner institutions and their categories, in order.'],
    ['Units, Metrics, Object types, Metadata schemas, Node types', 'manageSchema', 'The data schema (below).'],
    ['Objects', 'manageProjects', 'Every object, whatever its projects.'],
    ['Assets', 'manageAssets', 'Uploaded files, where each is used, and removing unused ones.'],
    [
      'Pages',
      'managePages',
      'These documentation pages and the privacy statement: write, preview, publish, order, move and delete them, and restore an earlier text.',
    ],
    [
      'Shortlinks',
      'manageShortlinks',
      'Short addresses /s/{slug} that lead to a page of this site or of a host the catalogue allows, with how often each was followed.',
    ],
    [
      'Basemap',
      'manageSettings',
      'What the maps draw under the data: the built-in background (the default, which loads nothing from other hosts), a free OpenStreetMap-based provider, or a custom style.',
    ],
    ['Import', 'importData', ['Spreadsheet imports (see ', link('Importing', '/doc/guide/import'), ').']],
  ),
  h2('Give someone a role'),
  p(
    'Open the user under ',
    bold('Users'),
    ', then the ',
    bold('Roles'),
    ' tab. Choose ',
    bold('Where'),
    ' (',
    bold('Everywhere (global)'),
    ' or a team) and the ',
    bold('Role'),
    '. Roles on a project are given in the project’s Membership tab. A role’s site permissions count only when it is held globally; its actions on a team or project count where it is held.',
  ),
  table(
    ['Built-in role', 'Permissions'],
    ['Administrator', 'Every site permission.'],
    ['Data manager', 'accessAdmin, importData, manageSchema, manageInstitutions, managePeople, createProjects, createInsights.'],
    ['Researcher', 'createProjects, createInsights.'],
    ['Owner, Editor, Contributor, Viewer', 'Actions on the project or team where they are held.'],
  ),
  callout(
    'warning',
    p(
      'Taking permissions away from the Administrator role can lock administrators out of parts of Site Admin. Built-in roles, and roles someone holds, cannot be deleted.',
    ),
  ),
  h2('Shape the data schema'),
  ul(
    [bold('Units'), ': the UCUM units, plus any you add; every code is checked.'],
    [bold('Metrics'), ': what is measured, with its type, unit, limits or allowed values.'],
    [bold('Object types'), ': a name, address, map marker, the types it may sit in, its metrics and its metadata schemas.'],
    [
      bold('Metadata schemas'),
      ': JSON Schema 2020-12 documents for objects’ metadata. Every version is kept; check a change against the existing objects before saving.',
    ],
    [bold('Node types'), ': the kinds of entry in the data catalogue, each with an optional schema.'],
  ),
  p('A type, metric, schema or unit still in use cannot be deleted.'),
  h2('Pages and shortlinks'),
  p(
    'Holders of managePages edit the documentation pages under ',
    code('/doc/'),
    ', this guide and the privacy policy included. A page sits below its parent page; the arrows under Site Admin → Pages set its order among the pages beside it; a draft is seen only by page managers, and so are the pages below it; every saved text is kept and can be restored. Holders of manageShortlinks manage shortlinks: ',
    code('/s/'),
    ' followed by a short name sends visitors to a page of this site, or to an address on a host the catalogue allows (SHORTLINK_HOSTS), counting each use; a link to any other host, made before it stopped being allowed, first asks visitors whether to leave. Site Admin → Shortlinks marks such links “Asks before leaving”.',
  ),
);

const PRIVACY = doc(
  p('This catalogue publishes the work of a research observatory. This page says what it keeps about you and why.'),
  h2('What we keep'),
  ul(
    'For an account: your username, e-mail address and a salted hash of your password (never the password itself).',
    'For your public profile: your name, affiliations, biography, ORCID iD and photo, as you or an administrator enter them.',
    'What you add: projects, notes, photos, comments and documents, with who changed them and when.',
    [
      'Cookies, only when you sign in: ',
      code('refresh_token'),
      ' keeps you signed in (until you close the browser, or for up to 60 days when you choose “keep me signed in”), and ',
      code('device'),
      ' remembers for a year that this browser has signed in to your account, so that failed sign-ins elsewhere do not hold you up. They are used for nothing else. We use no tracking or advertising cookies.',
    ],
    'Server logs (address, time, request) for security, kept briefly.',
  ),
  h2('Why, and who sees it'),
  p(
    'Profiles and public catalogue entries are visible to everyone; this is what the catalogue is for. Your e-mail address and account details are seen only by you and the site’s administrators. We do not sell or share personal data.',
  ),
  h2('Your rights'),
  p('You can see and change your account under My Account, and ask an administrator to correct or delete your profile.'),
);

/** The pages, each below its parent (a path's segments before its last), ordered among siblings by position. */
export const GUIDE_PAGES: { path: string; title: string; position: number; doc: ProseMirrorDoc }[] = [
  { path: 'index', title: 'Help and documentation', position: 0, doc: INDEX },
  { path: 'guide', title: 'User guide', position: 1, doc: GUIDE },
  { path: 'guide/browsing', title: 'Browsing the catalogue', position: 0, doc: BROWSING },
  { path: 'guide/signing-in', title: 'Signing in and your account', position: 1, doc: SIGNING_IN },
  { path: 'guide/projects', title: 'Projects', position: 2, doc: PROJECTS },
  { path: 'guide/map', title: 'Map and objects', position: 3, doc: MAP },
  { path: 'guide/import', title: 'Importing from spreadsheets', position: 4, doc: IMPORT },
  { path: 'guide/data', title: 'Measured data', position: 5, doc: DATA },
  { path: 'guide/api', title: 'The API', position: 6, doc: API },
  { path: 'guide/administration', title: 'Administration', position: 7, doc: ADMINISTRATION },
  { path: 'privacy', title: 'Privacy policy', position: 2, doc: PRIVACY },
];

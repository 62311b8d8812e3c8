import type { APIRequestContext, Browser } from '@playwright/test';
import { ADMIN, apiToken, expect, expectAccessible, newUser, signIn, test } from './fixtures';

/**
 * What a crawler, a link preview or a harvester reads: every public page type fetched with
 * no JavaScript carries its resource's title, description and schema.org type; robots.txt
 * and the sitemap follow Site Admin's publishing settings; a person may ask not to be indexed.
 */

const first = async <T>(request: APIRequestContext, path: string, pick: (body: never) => T): Promise<T> => {
  const res = await request.get(`/api/v1${path}`);
  expect(res.ok(), path).toBe(true);
  return pick((await res.json()) as never);
};

/** A page as a crawler reads it: the server's HTML, no script run. */
async function crawl(browser: Browser, path: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const answer = await page.goto(path);
    // Read without waiting: an element the head lacks is null, not a wait.
    const content = async (selector: string) => ((await page.locator(selector).count()) ? page.locator(selector).first().getAttribute('content') : null);
    const description = await content('meta[name="description"]');
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = ld.flatMap((text) => {
      const doc = JSON.parse(text) as { '@type'?: string; '@graph'?: { '@type': string }[] };
      return doc['@graph'] ? doc['@graph'].map((n) => n['@type']) : [doc['@type']!];
    });
    return {
      status: answer?.status(),
      title: await page.title(),
      description,
      types,
      ogTitle: await page.locator('meta[property="og:title"]').getAttribute('content'),
    };
  } finally {
    await context.close();
  }
}

test('a crawler with no JavaScript reads each public page type’s title, description and schema.org type', async ({ browser, request }) => {
  const project = await first(request, '/projects', (b: { projects: { slug: string; title: string }[] }) => b.projects[0]!);
  const object = await first(request, '/data/obj', (b: { objects: { name: string; title: string }[] }) => b.objects[0]!);
  const person = await first(request, '/people', (b: { people: { slug: string; name: string }[] }) => b.people[0]!);
  const partner = await first(request, '/institutions', (b: { institutions: { slug: string; name: string }[] }) => b.institutions[0]!);
  const team = await first(request, '/teams', (b: { teams: { slug: string; name: string }[] }) => b.teams[0]!);
  const pub = await first(request, '/pubs', (b: { publications: { slug: string; title: string }[] }) => b.publications[0]!);
  const insight = await first(request, '/insights', (b: { results: { num: number; title: string }[] }) => b.results[0]!);
  const doc = await first(request, '/pages', (b: { pages: { path: string; title: string }[] }) => b.pages[0]!);
  const pages: [string, string, string[]][] = [
    ['/', 'Projects', ['WebSite', 'DataCatalog']],
    [`/projects/${project.slug}`, project.title, ['ResearchProject']],
    [`/data/${object.name}`, object.title, ['Place']],
    [`/people/${person.slug}`, person.name, ['Person']],
    [`/partners/${partner.slug}`, partner.name, ['Organization']],
    [`/teams/${team.slug}`, team.name, ['Organization']],
    [`/insights/${insight.num}`, insight.title, ['Article']],
    [`/doc/${doc.path}`, doc.title, []],
  ];
  for (const [path, title, types] of pages) {
    const read = await crawl(browser, path);
    expect(read.status, path).toBe(200);
    expect(read.title, path).toBe(`${title} · Observatory Catalogue`);
    expect(read.ogTitle, path).toBe(title);
    expect(read.description?.length, path).toBeGreaterThan(10);
    expect(read.types, path).toEqual(types);
  }
  const paper = await crawl(browser, `/pubs/${pub.slug}`);
  expect(paper.title).toBe(`${pub.title} · Observatory Catalogue`);
  expect(paper.types[0]).toMatch(/^(ScholarlyArticle|Book|Chapter|Report|Thesis|Dataset|SoftwareSourceCode|CreativeWork)$/);

  // The sitemap names them (robots.txt, which Site Admin may be changing beside this journey, is read in the next).
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const [path] of pages) expect(sitemap, path).toContain(`${path === '/' ? '' : path}</loc>`);
});

// Alone: for a moment every page's footer names another licence, which other journeys check.
test(
  'Site Admin chooses the data licence the footer names, and asks crawlers to stay away',
  { tag: '@changes-every-page' },
  async ({ browser, page, request }, testInfo) => {
    const headers = { authorization: `Bearer ${await apiToken(request)}` };
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Site Admin' }).getByRole('link', { name: 'Publishing' }).click();
    await expect(page).toHaveURL('/admin/publishing');
    await expect(page).toHaveTitle(/^Publishing · Site Admin · /);
    const form = page.getByRole('form', { name: 'Publishing' });
    await expect(form.getByRole('radio', { name: 'Creative Commons Attribution-ShareAlike 4.0' })).toBeChecked();
    expect(await (await request.get('/robots.txt')).text()).toMatch(/^Sitemap: http.*\/sitemap\.xml$/m);
    await expectAccessible(page);
    try {
      await form.getByRole('radio', { name: 'Another licence' }).check();
      await form.getByRole('textbox', { name: 'Licence name' }).fill('Field Data Licence 2.0');
      await form.getByRole('textbox', { name: 'Licence address' }).fill('ftp://example.org/licence');
      await form.getByRole('button', { name: 'Save publishing settings' }).click();
      await expect(form.getByRole('textbox', { name: 'Licence address' })).toHaveAccessibleDescription(/http or https/);
      await form.getByRole('textbox', { name: 'Licence address' }).fill('https://example.org/field-data-licence');
      await form.getByRole('switch', { name: 'Invite search engines to index the catalogue' }).uncheck();
      await form.getByRole('button', { name: 'Save publishing settings' }).click();
      await expect(page.getByText('Publishing settings saved')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('publishing-admin.png'), fullPage: true });
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Field Data Licence 2.0' })).toHaveAttribute(
        'href',
        'https://example.org/field-data-licence',
      );
      expect(await (await request.get('/robots.txt')).text()).toMatch(/^User-agent: \*\nDisallow: \/\n/);
      // A visitor's page says it too.
      const visitor = await browser.newPage();
      await visitor.goto('/');
      await expect(visitor.getByRole('contentinfo')).toContainText('Field Data Licence 2.0');
      await visitor.close();
    } finally {
      const reset = {
        licence: { name: 'Creative Commons Attribution-ShareAlike 4.0', url: 'https://creativecommons.org/licenses/by-sa/4.0/' },
        indexing: true,
        robotsExtra: '',
      };
      expect((await request.put('/api/v1/admin/publishing', { headers, data: reset })).ok()).toBe(true);
    }
  },
);

test('a person asks not to be indexed: their page tells crawlers so, and the sitemap leaves them out', async ({ browser, page, request }) => {
  const user = await newUser(request);
  await signIn(page, user.username, user.password);
  await page.goto(`/people/${user.username}/edit`);
  const form = page.getByRole('form', { name: 'Details' });
  await form.getByRole('checkbox', { name: 'Ask search engines not to index this page' }).check();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: user.username })).toBeVisible();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const crawler = await context.newPage();
  await crawler.goto(`/people/${user.username}`);
  await expect(crawler.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(crawler.locator('script[type="application/ld+json"]')).toHaveCount(0);
  await context.close();
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain(`/people/${user.username}<`);
});

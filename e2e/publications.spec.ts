import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { ADMIN, answerDialog, apiToken, expect, expectAccessible, expectFitsWidth, LAPTOP, newUser, PHONE, signIn, test } from './fixtures';

const bibtex = (key: string, title: string, doi: string) => `@article{${key},
  title = {${title}},
  author = {Lindqvist, Ada and Okafor, Grace},
  journal = {Arctic Science},
  volume = {12},
  number = {3},
  pages = {45--67},
  year = {2024},
  doi = {${doi}},
}`;

test('a signed-in user pastes BibTeX, drops the entry in error after the preview, and saves the good one', async ({ page, request }) => {
  const word = randomUUID().slice(0, 8);
  const title = `Lichen cover on {Abisko} boulders ${word}`;
  const doi = `10.5555/e2e-${word}`;
  const user = await newUser(request);
  await page.setViewportSize(LAPTOP);
  await signIn(page, user.username, user.password);
  await page.goto('/pubs');
  await page.getByRole('link', { name: 'New publication' }).click();
  await page.getByRole('tab', { name: 'Paste' }).click();
  const broken = `@article{broken_${word},\n  title = {No comma after me}\n  year = {2020}\n}`;
  await page.getByRole('textbox', { name: 'BibTeX, RIS or CSL-JSON' }).fill(`${bibtex(`good_${word}`, title, `https://doi.org/${doi}`)}\n\n${broken}\n`);
  await page.getByRole('button', { name: 'Preview' }).click();

  const entries = page.getByRole('list', { name: 'Entries of the paste' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  const good = entries.nth(0);
  // Braces that protect a capital are gone; the DOI is stored bare.
  await expect(good.getByRole('heading', { name: `Lichen cover on Abisko boulders ${word}` })).toBeVisible();
  await expect(good).toContainText('Lindqvist, Ada; Okafor, Grace');
  await expect(good).toContainText('2024 · Arctic Science');
  await expect(good).toContainText(`DOI ${doi}`);
  const bad = entries.nth(1);
  await expect(bad).toContainText(`broken_${word} · line 12`);
  // The fault in words, where it is: the comma missing before the next field.
  const fault = bad.getByText('Line 14, column 3: Expected "," between two fields or "}" to close the entry, found the word "year"');
  await expectFitsWidth(page, fault);
  await expectAccessible(page);
  // On a phone the sentence wraps inside the entry.
  await page.setViewportSize(PHONE);
  await expectFitsWidth(page, fault);
  await page.setViewportSize(LAPTOP);

  // Nothing is saved while an entry kept has an error.
  const save = page.getByRole('button', { name: 'Save 2 publications' });
  await expect(save).toBeDisabled();
  await bad.getByRole('checkbox', { name: `Include entry 2 (broken_${word})` }).uncheck();
  await page.getByRole('button', { name: 'Save 1 publication' }).click();

  await expect(page.getByRole('heading', { name: `Lichen cover on Abisko boulders ${word}`, level: 1 })).toBeVisible();
  await expect(page.getByText('Lindqvist, A., & Okafor, G. (2024).')).toBeVisible();
  await expect(page.getByRole('link', { name: doi })).toHaveAttribute('href', `https://doi.org/${doi}`);
  await expectAccessible(page);
  await page.getByRole('combobox', { name: 'Citation style' }).click();
  await page.getByRole('option', { name: 'Chicago (author-date)' }).click();
  await expect(page.getByText(`Lindqvist, Ada, and Grace Okafor. 2024. “Lichen Cover on Abisko Boulders`)).toBeVisible();

  // The same paste again: the saved one is already in the catalogue.
  await page.goto('/pubs/new');
  await page.getByRole('tab', { name: 'Paste' }).click();
  await page.getByRole('textbox', { name: 'BibTeX, RIS or CSL-JSON' }).fill(bibtex(`again_${word}`, title, doi));
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('list', { name: 'Entries of the paste' })).toContainText('Already in the catalogue');
});

test('a visitor searches the publications and exports what they found as RIS', async ({ page }) => {
  await page.goto('/pubs');
  await expect(page.getByRole('heading', { name: 'Publications', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search publications' }).fill('iterative forecasting');
  await expect(page).toHaveURL(/[?&]q=iterative/);
  const found = page.getByRole('list', { name: 'Publications found' }).getByRole('listitem');
  await expect(found.filter({ hasText: 'Iterative near-term ecological forecasting: Needs, opportunities, and challenges' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Journal article' }).click();
  await expect(page).toHaveURL(/[?&]type=article/);
  await expect.poll(async () => (await found.allTextContents()).every((t) => t.includes('Journal article'))).toBe(true);
  const shown = await found.count();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'RIS' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('publications.ris');
  const ris = fs.readFileSync((await download.path())!, 'utf8');
  expect(ris.match(/^TY {2}- JOUR/gm)).toHaveLength(shown);
  expect(ris).toContain('DO  - 10.1073/pnas.1710231115');
});

test('a project’s owner adds a publication to the project and removes it: busy until the server answers', async ({ page, request, trouble }) => {
  const headers = { authorization: `Bearer ${await apiToken(request, ADMIN)}` };
  const word = randomUUID().slice(0, 8);
  const project = (await (await request.post('/api/v1/projects', { headers, data: { project: { title: `Peat cores ${word}` } } })).json()).project;
  const made = await request.post('/api/v1/pubs', {
    headers,
    data: { publication: { title: `Sphagnum growth rates ${word}`, authors: [{ name: 'Horák, Jana' }], year: 2023, type: 'report' } },
  });
  expect(made.status()).toBe(201);

  await signIn(page, ADMIN.username, ADMIN.password);
  await page.goto(`/projects/${project.slug}`);
  const section = page.locator('#project-publications').locator('..');
  await expect(section.getByText('No publications listed yet.')).toBeVisible();
  await section.getByRole('combobox', { name: 'Add publication' }).fill(`Sphagnum growth rates ${word}`);
  await page.getByRole('option', { name: new RegExp(`Sphagnum growth rates ${word}`) }).click();
  const listed = section.getByRole('list', { name: 'Publications of the project' }).getByRole('listitem');
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(`Sphagnum growth rates ${word}`);
  await page.reload();
  await expect(listed).toHaveCount(1);

  // Refused once: it stays, not busy, and says why.
  trouble.failure(500, /\/pubs\//);
  await page.route(
    /\/api\/v1\/projects\/[^/]+\/pubs\//,
    (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'The database is unavailable', code: 'INTERNAL', requestId: 'x' }),
      }),
    { times: 1 },
  );
  await listed.getByRole('button', { name: `Remove Sphagnum growth rates ${word} from the project` }).click();
  await expect(page.getByText('The database is unavailable')).toBeVisible();
  await expect(listed).toHaveCount(1);
  await expect(listed).not.toHaveAttribute('aria-busy', 'true');

  // Removed: busy while the server works, then gone.
  let answer!: () => void;
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(/\/api\/v1\/projects\/[^/]+\/pubs\//, async (route) => {
    await held;
    await route.continue();
  });
  await listed.getByRole('button', { name: `Remove Sphagnum growth rates ${word} from the project` }).click();
  await expect(listed).toHaveAttribute('aria-busy', 'true');
  await expect(listed.getByRole('button', { name: /^Remove / })).toBeDisabled();
  answer();
  await expect(section.getByText('No publications listed yet.')).toBeVisible();
  await page.unroute(/\/api\/v1\/projects\/[^/]+\/pubs\//);
  await page.reload();
  await expect(section.getByText('No publications listed yet.')).toBeVisible();
});

test('a person confirms a publication naming them; it then shows on their page', async ({ page, request }) => {
  const user = await newUser(request);
  const title = `Treeline seedlings ${randomUUID().slice(0, 8)}`;
  // An author link made by someone else (not a publications manager) waits for the person.
  const adder = await newUser(request);
  const adderHeaders = { authorization: `Bearer ${await apiToken(request, adder)}` };
  expect(
    (
      await request.post('/api/v1/pubs', {
        headers: adderHeaders,
        data: { publication: { title, authors: [{ name: 'Someone, Else' }, { name: 'Me, Myself', person: user.username }], year: 2025 } },
      })
    ).status(),
  ).toBe(201);

  await signIn(page, user.username, user.password);
  await page.goto(`/people/${user.username}`);
  await expect(page.getByText('No publications listed yet.')).toBeVisible();
  await page.goto('/me');
  const naming = page.getByRole('region', { name: 'Publications naming you' });
  await expect(naming).toContainText(title);
  await naming.getByRole('button', { name: `Confirm you are an author of “${title}”` }).click();
  await expect(naming).toBeHidden();
  await page.goto(`/people/${user.username}`);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
});

test('a signed-in user fills in a publication by hand; its DOI given as an address is kept bare, and a second one with it is refused with a link', async ({
  page,
  request,
  trouble,
}) => {
  const word = randomUUID().slice(0, 8);
  const doi = `10.5555/hand-${word}`;
  const user = await newUser(request);
  await signIn(page, user.username, user.password);
  await page.goto('/pubs/new');
  const fill = async (title: string) => {
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    await page.getByRole('textbox', { name: 'Name of author 1' }).fill('Okafor, Grace');
    await page.getByRole('textbox', { name: 'Year' }).fill('2023');
    await page.getByRole('textbox', { name: 'DOI' }).fill(`https://doi.org/${doi}`);
  };
  await fill(`Snow-pit notebooks ${word}`);
  await page.getByRole('button', { name: 'Add publication' }).click();
  await expect(page.getByRole('heading', { name: `Snow-pit notebooks ${word}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: doi })).toBeVisible();
  const url = page.url();

  trouble.failure(409, /\/api\/v1\/pubs$/);
  await page.goto('/pubs/new');
  await fill(`The same paper again ${word}`);
  await page.getByRole('button', { name: 'Add publication' }).click();
  await expect(page.getByText(/A publication with this DOI exists/)).toBeVisible();
  await page.getByRole('link', { name: 'Open the publication that has this DOI' }).click();
  // The refused one is not saved: leaving it asks first.
  await expect(page.getByRole('dialog', { name: 'Leave without saving?' })).toBeVisible();
  await answerDialog(page, 'Leave');
  await expect(page).toHaveURL(url);
});

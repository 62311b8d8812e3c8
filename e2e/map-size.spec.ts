import { expect, test } from './fixtures';

/*
 * MapLibre 5 drops its size observer's first report (maplibre-gl-js#8277): a map whose box
 * takes its width between the map's start and that report was drawn in a strip. Here the
 * race is made certain: the box starts 40 px wide, and the size observers' reports are held
 * back until it has its width, then given once each.
 */
test('a map whose box widens before its first size report is drawn across the whole box', async ({ page, trouble }) => {
  // Fitting the object with its padding in a 40-px box: MapLibre says it cannot.
  trouble.console(/^Map cannot fit within canvas/);
  await page.addInitScript(() => {
    type Report = (...args: unknown[]) => void;
    const w = globalThis as unknown as { ResizeObserver: new (report: Report) => unknown; releaseSizeReports: () => void };
    const Native = w.ResizeObserver;
    // Until released, each observer's reports wait, and on release it is told once: as a first report arriving late.
    const waiting = new Map<Report, unknown[]>();
    let released = false;
    w.releaseSizeReports = () => {
      released = true;
      waiting.forEach((args, report) => report(...args));
      waiting.clear();
    };
    // Called with new, a function returning an object gives that object.
    w.ResizeObserver = function (report: Report) {
      return new Native((...args: unknown[]) => (released ? report(...args) : waiting.set(report, args)));
    } as unknown as typeof Native;
  });
  // The page as served, its maps' boxes narrow from the first moment.
  await page.route('/data/dwr-gle', async (route) => {
    const response = await route.fetch();
    const narrow = '<style id="narrow-maps">[role="region"][aria-label^="Map of"] { width: 40px !important; }</style>';
    await route.fulfill({ response, body: (await response.text()).replace('</head>', `${narrow}</head>`) });
  });
  await page.goto('/data/dwr-gle');
  const region = page.getByRole('region', { name: /^Map of / });
  const canvas = region.locator('canvas');
  await expect(canvas).toBeVisible();
  await page.evaluate(() => {
    const w = globalThis as unknown as { document: { getElementById(id: string): { remove(): void } | null } };
    w.document.getElementById('narrow-maps')?.remove();
  });
  await expect.poll(async () => (await region.boundingBox())!.width).toBeGreaterThan(300);
  await page.evaluate(() => (globalThis as unknown as { releaseSizeReports: () => void }).releaseSizeReports());
  // The canvas as wide and high as its box, as MapLibre measures them (whole pixels).
  type Box = { clientWidth: number; clientHeight: number; querySelector(selector: string): Box | null };
  const sizes = () =>
    region.evaluate((el: Box) => {
      const canvas = el.querySelector('canvas')!;
      return [canvas.clientWidth - el.clientWidth, canvas.clientHeight - el.clientHeight];
    });
  await expect.poll(sizes).toEqual([0, 0]);
});

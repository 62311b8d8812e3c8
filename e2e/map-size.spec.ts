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
    type Element = { id: string; textContent: string };
    const w = globalThis as unknown as {
      ResizeObserver: new (report: Report) => unknown;
      releaseSizeReports: () => void;
      document: { addEventListener(type: string, f: () => void): void; head: { append(e: Element): void }; createElement(tag: string): Element };
    };
    // The maps' boxes start narrow.
    w.document.addEventListener('DOMContentLoaded', () => {
      const style = w.document.createElement('style');
      style.id = 'narrow-maps';
      style.textContent = '[role="region"][aria-label^="Map of"] { width: 40px !important; }';
      w.document.head.append(style);
    });
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
  await expect.poll(async () => Math.round((await canvas.boundingBox())!.width)).toBe(Math.round((await region.boundingBox())!.width));
});

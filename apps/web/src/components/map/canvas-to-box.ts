/** What keepCanvasToBox needs of a MapLibre map. */
interface SizedMap {
  getContainer(): HTMLElement;
  getCanvas(): HTMLCanvasElement;
  resize(): unknown;
}

/**
 * Keeps a map's canvas the size of its box: MapLibre 5 drops its own size observer's first
 * report (maplibre-gl-js#8277, mended in 6), so a box that took its width between the map's
 * start and that report (a column laid out late) left the map drawn in a strip. Resizes only
 * when the sizes differ, so MapLibre's own resizing is not done twice. Returns the stop.
 */
export function keepCanvasToBox(map: SizedMap): () => void {
  const box = map.getContainer();
  const observer = new ResizeObserver(() => {
    const canvas = map.getCanvas();
    if (canvas.clientWidth !== box.clientWidth || canvas.clientHeight !== box.clientHeight) map.resize();
  });
  observer.observe(box);
  return () => observer.disconnect();
}

/** What keepCanvasToBox needs of a MapLibre map. */
interface SizedMap {
  getContainer(): HTMLElement;
  getCanvas(): HTMLCanvasElement;
  resize(): unknown;
}

/**
 * Gives a map's canvas the size of its box once the box is first measured: MapLibre 5 drops
 * its own size observer's first report (maplibre-gl-js#8277, mended in 6), so a box that took
 * its width between the map's start and that report (a column laid out late) left the map
 * drawn in a strip. Later changes are MapLibre's own to follow. Returns the stop.
 */
export function keepCanvasToBox(map: SizedMap): () => void {
  const box = map.getContainer();
  const observer = new ResizeObserver(() => {
    observer.disconnect();
    const canvas = map.getCanvas();
    // A box not laid out (no width or height) is one MapLibre gives a size of its own.
    const measured = box.clientWidth > 0 && box.clientHeight > 0;
    if (measured && (canvas.clientWidth !== box.clientWidth || canvas.clientHeight !== box.clientHeight)) map.resize();
  });
  observer.observe(box);
  return () => observer.disconnect();
}

/** How old a fix may be, and how long to wait for one: a photo is not held up for long. */
const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 5 * 60_000, timeout: 10_000 };

/** Degrees to 6 decimals: about 0.1 m, finer than any phone's fix. */
const rounded = (degrees: number) => Math.round(degrees * 1e6) / 1e6;

/**
 * Where the device is, when the user has already allowed the site to know (no prompt is
 * shown for it): `{ lon, lat }`, or nothing (not allowed, no fix in time, no API).
 */
export async function positionIfAllowed(): Promise<{ lon: number; lat: number } | Record<string, never>> {
  try {
    const state = (await navigator.permissions?.query({ name: 'geolocation' }))?.state;
    if (state !== 'granted' || !navigator.geolocation) return {};
    const { coords } = await new Promise<GeolocationPosition>((resolve, reject) => navigator.geolocation.getCurrentPosition(resolve, reject, POSITION_OPTIONS));
    return { lon: rounded(coords.longitude), lat: rounded(coords.latitude) };
  } catch {
    return {};
  }
}

import 'maplibre-gl/dist/maplibre-gl.css';
import type { StyleSpecification } from 'maplibre-gl';
import { forwardRef, useEffect, useRef, useState } from 'react';
import MapGL, { NavigationControl, type MapProps, type MapRef } from 'react-map-gl/maplibre';
import { useAppConfig } from '../../lib/app-config';
import { loadLand, plainStyle } from './base-style';

/** How long a configured style may take before the built-in one is used instead. */
const STYLE_TIMEOUT_MS = 6000;

/**
 * The configured base map (MAP_STYLE_URL, or the view's own), falling back to the
 * built-in plain style when there is none or it cannot be loaded: the data on top
 * always shows.
 */
function useBaseStyle(styleUrl: string | null | undefined): { style: string | StyleSpecification; failed: () => void; loaded: () => void } {
  const [fallback, setFallback] = useState<StyleSpecification>(() => plainStyle());
  const [useFallback, setUseFallback] = useState(!styleUrl);
  const loadedRef = useRef(false);
  useEffect(() => {
    let live = true;
    void loadLand().then((land) => live && land && setFallback(plainStyle(land)));
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    loadedRef.current = false;
    setUseFallback(!styleUrl);
    if (!styleUrl) return;
    const timer = setTimeout(() => loadedRef.current || setUseFallback(true), STYLE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [styleUrl]);
  return {
    style: useFallback || !styleUrl ? fallback : styleUrl,
    failed: () => loadedRef.current || setUseFallback(true),
    loaded: () => {
      loadedRef.current = true;
    },
  };
}

export type BaseMapProps = Omit<MapProps, 'mapStyle'> & { styleUrl?: string | null; label: string };

/** A MapLibre map on the site's base style with zoom buttons; children add sources, layers and markers. */
export const BaseMap = forwardRef<MapRef, BaseMapProps>(function BaseMap({ styleUrl, label, children, onError, onLoad, ...props }, ref) {
  const config = useAppConfig();
  const base = useBaseStyle(styleUrl === undefined ? config?.map.styleUrl : styleUrl);
  return (
    <div role="region" aria-label={label} style={{ width: '100%', height: '100%', position: 'relative' }}>
      <MapGL
        ref={ref}
        initialViewState={{ longitude: config?.map.center[0] ?? 10, latitude: config?.map.center[1] ?? 50, zoom: config?.map.zoom ?? 3 }}
        style={{ width: '100%', height: '100%' }}
        {...props}
        mapStyle={base.style}
        onLoad={(e) => {
          base.loaded();
          onLoad?.(e);
        }}
        onError={(e) => {
          base.failed();
          onError?.(e);
        }}
      >
        <NavigationControl position="top-right" showCompass={false} />
        {children}
      </MapGL>
    </div>
  );
});

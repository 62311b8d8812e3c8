import { useEffect, useState } from 'react';
import { API_ROOT, type AppConfig } from '@observatory/shared';

/**
 * The first page: names the product from app/config. The full shell (layouts,
 * navigation, sign-in) replaces it.
 */
export function App() {
  const [config, setConfig] = useState<AppConfig | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    fetch(`${API_ROOT}/app/config`, { headers: { accept: 'application/json' } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`The server answered ${res.status}`);
        setConfig((await res.json()) as AppConfig);
      })
      .catch((err: unknown) => setError(err instanceof Error ? err.message : String(err)));
  }, []);

  useEffect(() => {
    if (config) document.title = `Projects · ${config.productName}`;
  }, [config]);

  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>{config?.productName ?? 'Observatory catalogue'}</h1>
      <p>Research projects, sites, people, partners, publications and insights of the observatory.</p>
      {error ? <p role="alert">Could not load the configuration: {error}</p> : null}
      {!config && !error ? <p aria-busy="true">Loading…</p> : null}
    </main>
  );
}

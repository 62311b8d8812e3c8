import { useEffect, useRef, useState } from 'react';
import type { CurrentVersion } from '@observatory/shared';
import { ApiError, type Conditional } from './api-client';

/** A versioned resource as a form edits it: its version and its values in the form's shape. */
export interface Stored<V> {
  version: number;
  values: V;
}

/** What a 412 says: the resource's version now, who wrote it and when; null for any other failure. */
export function conflictOf(error: unknown): CurrentVersion | null {
  if (!(error instanceof ApiError) || error.status !== 412) return null;
  const body = error.answer?.body as { current?: CurrentVersion } | undefined;
  return body?.current ?? null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields a form holds, as Mantine's useForm gives them. */
interface EditedForm<V> {
  values: V;
  isDirty: () => boolean;
  setValues: (values: V) => void;
  setInitialValues: (values: V) => void;
  resetDirty: (values?: V) => void;
}

export interface Conflict<V> {
  current: CurrentVersion;
  /** The values the refused save sent. */
  mine: V;
}

export interface VersionedEdit<V> {
  /** The If-Match of the next save: the version the form's edits are based on. */
  conditional: Conditional;
  /** The save's 412, while the user decides. */
  conflict: Conflict<V> | null;
  /** The version the edits are based on, and its values. */
  base: Stored<V> | undefined;
  /** Call with a failed save's error: true when it was a 412 (the dialog opens), false for the caller to show. */
  refused: (error: unknown, mine: V) => boolean;
  /** After a save: its answer is the new base. */
  saved: (stored: Stored<V>) => void;
  /** "Keep editing": the form now stands on the current version; the user's own changes stay, the rest is the current text. */
  keepEditing: () => void;
  /** "Overwrite": the save to send again, replacing the current version knowingly. */
  overwrite: () => { values: V; conditional: Conditional } | null;
  /** Counts the times new values were put into the form (a newer version into an unchanged form, keepEditing): a key for editors that read their value once. */
  merged: number;
}

/**
 * Edits of a versioned resource (docs/api.md "Versions and conditional writes"): saves
 * send the version the form started from as If-Match. The base follows the server while it
 * can: a newer version whose values are the ones the form started from (a contributor added
 * beside the form, say) moves it on; one with other values replaces an unchanged form, and
 * for a changed one the save meets a 412, which opens the conflict dialog.
 */
export function useVersionedEdit<V>(form: EditedForm<V>, server: Stored<V> | undefined): VersionedEdit<V> {
  const [base, setBase] = useState(server);
  const [conflict, setConflict] = useState<Conflict<V> | null>(null);
  const [merged, setMerged] = useState(0);
  const latest = useRef({ form, base });
  useEffect(() => {
    latest.current = { form, base };
  });

  const serverVersion = server?.version;
  useEffect(() => {
    const { form, base } = latest.current;
    if (!server || serverVersion === base?.version) return;
    if (!base || same(server.values, base.values)) setBase(server);
    else if (!form.isDirty()) {
      form.setInitialValues(server.values);
      form.setValues(server.values);
      form.resetDirty(server.values);
      setBase(server);
      setMerged((n) => n + 1);
    }
    // Only a new version is news; the values come with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverVersion]);

  return {
    conditional: { version: base?.version },
    conflict,
    base,
    merged,
    refused: (error, mine) => {
      const current = conflictOf(error);
      if (!current) return false;
      setConflict({ current, mine });
      return true;
    },
    saved: (stored) => {
      setBase(stored);
      setConflict(null);
    },
    keepEditing: () => {
      // The current version not read (yet, or at all: renamed meanwhile): back to the form as it was, nothing merged.
      if (!conflict || !server || !base || server.version < conflict.current.version) {
        setConflict(null);
        return;
      }
      const mine = conflict.mine as Record<string, unknown>;
      const before = base.values as Record<string, unknown>;
      const now = server.values as Record<string, unknown>;
      // A field the user left as it was takes the current text; a field they changed stays theirs.
      const values = Object.fromEntries(Object.keys(now).map((k) => [k, same(mine[k], before[k]) ? now[k] : mine[k]])) as V;
      form.setInitialValues(server.values);
      form.setValues(values);
      setBase(server);
      setConflict(null);
      setMerged((n) => n + 1);
    },
    overwrite: () => {
      if (!conflict) return null;
      const current = Math.max(conflict.current.version, server?.version ?? 0);
      const answer = { values: conflict.mine, conditional: { version: current, overwriteOf: base?.version } };
      setConflict(null);
      return answer;
    },
  };
}

// citation-js ships no types: the little of it this module uses.
declare module '@citation-js/core' {
  export type CslItem = Record<string, unknown> & { id?: string; type?: string };
  export class Cite {
    constructor(data: unknown, options?: { forceType?: string });
    data: CslItem[];
    format(format: string, options?: Record<string, unknown>): string;
  }
  type TypeMap = { source: Record<string, string> };
  export const plugins: {
    config: {
      get(name: '@csl'): { styles: { add(name: string, xml: string): void; has(name: string): boolean } };
      get(name: '@bibtex'): { types: { biblatex: TypeMap; bibtex: TypeMap } };
    };
    input: { chain(data: unknown, options: { forceType?: string; target?: string; generateGraph?: boolean }): unknown };
  };
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-csl';
/** Its reader of one field's value (LaTeX to Unicode, names to CSL names). */
declare module '@citation-js/plugin-bibtex/lib/input/value.js' {
  export function parse(text: string, field: string, languages?: string | string[]): unknown;
}
declare module '@citation-js/name' {
  export function parse(name: string): { family?: string; given?: string; literal?: string; 'non-dropping-particle'?: string; suffix?: string };
}

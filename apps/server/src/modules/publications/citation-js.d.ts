// citation-js ships no types: the little of it this module uses.
declare module '@citation-js/core' {
  export type CslItem = Record<string, unknown> & { id?: string; type?: string };
  export class Cite {
    constructor(data: unknown, options?: { forceType?: string });
    data: CslItem[];
    format(format: string, options?: Record<string, unknown>): string;
  }
  export const plugins: {
    config: { get(name: string): { styles: { add(name: string, xml: string): void; has(name: string): boolean } } };
  };
}
declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
declare module '@citation-js/plugin-csl';
declare module '@citation-js/name' {
  export function parse(name: string): { family?: string; given?: string; literal?: string; 'non-dropping-particle'?: string; suffix?: string };
}

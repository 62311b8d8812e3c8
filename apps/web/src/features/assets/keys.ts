import { assetKeys as shared } from '../../lib/query-keys';

/** Assets: one asset (shared with the images of documents), and Site Admin's list and stray files. */
export const assetKeys = {
  ...shared,
  /** Every page and filter of the Site Admin list. */
  lists: ['admin', 'assets'] as const,
  list: (page: number, unusedOnly: boolean) => ['admin', 'assets', { p: page, unused: unusedOnly }] as const,
  /** The signed-in user's own uploads (refetched with the lists). */
  mine: (page: number) => ['admin', 'assets', { p: page, mine: true }] as const,
  strays: ['admin', 'asset-strays'] as const,
};

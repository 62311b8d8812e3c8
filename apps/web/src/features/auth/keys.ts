/** What a reset or an invitation link's code is for. */
export const authLinkKeys = {
  reset: (code: string) => ['reset', code] as const,
  invitation: (code: string) => ['invitation', code] as const,
};

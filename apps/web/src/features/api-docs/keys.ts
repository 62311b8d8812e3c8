/** The API reference's one query: the live OpenAPI document. */
export const apiDocsKeys = {
  openApi: ['openapi'] as const,
};

/**
 * The metadata problems of a refusal (fields named "metadata.<field>", or "metadata" for
 * the whole), each as "field: message", in the server's order and words.
 */
export function metadataProblems(errors: Record<string, string>): string[] {
  return Object.entries(errors)
    .filter(([field]) => field === 'metadata' || field.startsWith('metadata.'))
    .map(([field, message]) => (field === 'metadata' ? message : `${field.slice('metadata.'.length)}: ${message}`));
}

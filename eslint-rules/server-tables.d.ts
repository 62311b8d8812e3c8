export const TABLE_OWNERS: Record<string, string[]>;
export const SHARED_READS: { tables: string[] | '*'; readers: string[] | '*'; reason: string }[];

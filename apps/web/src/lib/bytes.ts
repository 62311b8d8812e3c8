/** 1536 -> "1.5 KB": sizes in the units people read (1 KB = 1024 bytes, as the server's limit message counts). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toLocaleString('en', { maximumFractionDigits: value < 10 ? 1 : 0 })} ${units[unit]}`;
}

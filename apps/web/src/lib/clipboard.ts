/**
 * Puts text on the clipboard. The Clipboard API exists only in a secure context (https or
 * localhost), so a catalogue served over plain http on an institute's network falls back on
 * the older copy command of a selected, hidden text area, which the user's click permits.
 */
export async function copyText(text: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('No Clipboard API');
    await navigator.clipboard.writeText(text);
  } catch {
    if (!copyBySelection(text)) throw new Error('The browser refused to copy');
  }
}

function copyBySelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  const focused = document.activeElement as HTMLElement | null;
  document.body.append(area);
  area.focus();
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus();
  }
}

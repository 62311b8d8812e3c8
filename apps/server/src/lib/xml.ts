/** Characters XML 1.0 does not allow, even escaped: the C0 controls but tab, newline and return. */
const notInXml = (char: string) => {
  const code = char.charCodeAt(0);
  return (code < 0x20 && code !== 0x9 && code !== 0xa && code !== 0xd) || code === 0xfffe || code === 0xffff;
};

/** Text for an XML element or attribute; characters XML cannot hold at all are dropped. */
export const escapeXml = (text: string) =>
  [...text]
    .filter((char) => !notInXml(char))
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

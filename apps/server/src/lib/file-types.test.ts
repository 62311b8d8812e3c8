import { describe, expect, it } from 'vitest';
import { isHeic, normalMediaType, storedMediaType } from './file-types.js';

const text = (s: string) => Buffer.from(s);

describe('normalMediaType', () => {
  it('answers type/subtype in lower case without parameters', () => {
    expect(normalMediaType('Text/CSV; charset=utf-8')).toBe('text/csv');
    expect(normalMediaType('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  });

  it('answers null for a missing or malformed type', () => {
    for (const bad of [undefined, null, '', 'csv', 'text/', '/csv', 'text/c sv', 'text/csv\r\nX-Evil: 1', 'a/b/c']) expect(normalMediaType(bad)).toBeNull();
  });
});

/** The first bytes of an ISO media file of this major brand. */
const isoMedia = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}\0\0\0\0mif1${brand}`)]);

describe('isHeic', () => {
  it('knows HEIC and HEVC-coded HEIF by their brand', () => {
    for (const brand of ['heic', 'heix', 'hevc', 'mif1']) expect(isHeic(isoMedia(brand)), brand).toBe(true);
  });

  it('does not take AVIF, MP4 or a short file for HEIC', () => {
    for (const brand of ['avif', 'isom', 'mp42']) expect(isHeic(isoMedia(brand)), brand).toBe(false);
    expect(isHeic(isoMedia('heic').subarray(0, 11))).toBe(false);
  });
});

describe('storedMediaType', () => {
  it('labels an undeclared HEIC file as such', () => {
    expect(storedMediaType(undefined, isoMedia('heic'))).toBe('image/heic');
    expect(storedMediaType('application/octet-stream', isoMedia('mif1'))).toBe('image/heic');
  });

  it('keeps a harmless declared type', () => {
    expect(storedMediaType('application/pdf', text('%PDF-1.7\n'))).toBe('application/pdf');
    expect(storedMediaType('text/csv', text('site,value\nA,1\n'))).toBe('text/csv');
    expect(storedMediaType('application/zip', Buffer.from([0x50, 0x4b, 3, 4]))).toBe('application/zip');
  });

  it('keeps types a browser renders or runs as application/octet-stream', () => {
    for (const type of [
      'text/html',
      'image/svg+xml',
      'application/xhtml+xml',
      'text/xml',
      'application/atom+xml',
      'text/javascript',
      'application/javascript',
      'multipart/related',
    ]) {
      expect(storedMediaType(type, text('harmless')), type).toBe('application/octet-stream');
    }
  });

  it('keeps markup as application/octet-stream, whatever it claims to be', () => {
    const cases = [
      '<!DOCTYPE html><p>hi',
      '<html><script>alert(1)</script>',
      '  \n\t<script>alert(1)</script>',
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      '<?xml version="1.0"?><svg/>',
      '<!-- comment -->',
      '\uFEFF<html>',
      '<a href="x">',
      '<P>',
    ];
    for (const content of cases) expect(storedMediaType('text/plain', text(content)), content).toBe('application/octet-stream');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<html>', 'utf16le')]);
    expect(storedMediaType('text/plain', utf16)).toBe('application/octet-stream');
    const utf16be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('<svg >', 'utf16le').swap16()]);
    expect(storedMediaType('image/png', utf16be)).toBe('application/octet-stream');
  });

  it('does not mistake text that merely starts with "<" for markup', () => {
    expect(storedMediaType('text/plain', text('<3 the field season'))).toBe('text/plain');
    expect(storedMediaType('text/plain', text('<ab> is not a tag we look for'))).toBe('text/plain');
  });

  it('takes a missing type from the bytes for known images, else application/octet-stream', () => {
    expect(storedMediaType(undefined, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]))).toBe('image/png');
    expect(storedMediaType('application/octet-stream', Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(storedMediaType('nonsense', text('plain words'))).toBe('application/octet-stream');
    expect(storedMediaType(null, Buffer.alloc(0))).toBe('application/octet-stream');
  });
});

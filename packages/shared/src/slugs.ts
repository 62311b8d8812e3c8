import { transliterate } from 'transliteration';

/**
 * A title as a URL key: lower-case ASCII letters, digits and single dashes. Letters outside
 * ASCII are transliterated by the `transliteration` library (its tables cover Latin,
 * Cyrillic, Greek, Arabic, Chinese as pinyin, Korean...): "Łódź lakes" -> lodz-lakes,
 * "Straße" -> strasse, "Озеро Байкал" -> ozero-baykal, "北京" -> bei-jing. What it cannot
 * spell gives "" and the caller falls back to a word of its own (chooseSlug).
 */
export function slugify(text: string, maxLength = 80): string {
  return transliterate(text.normalize('NFC'))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}

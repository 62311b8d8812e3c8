import { mergeAttributes, Node } from '@tiptap/core';
import { CALLOUT_TONES, DOCUMENT_NODES, IMAGE_SIZES, type CalloutTone } from '@observatory/shared';
import { apiUrl } from '../lib/api-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Where the editor shows an uploaded image: its display size, as GET assets/{id} answers it for a document's image (unsigned). */
export const editorImageSrc = (asset: string) => apiUrl(`/assets/${encodeURIComponent(asset)}/${IMAGE_SIZES.display}`);

/**
 * An uploaded image in a document, by its asset id (DOCUMENT_NODES.image): the editor's
 * node. Only images of ours are read from pasted HTML (`img[data-asset]`); an image from
 * another site is dropped rather than linked, so no outside address enters a document.
 * Shown here in the editor only: pages render documents with RichText.
 */
export const ImageNode = Node.create({
  name: 'image',
  group: DOCUMENT_NODES.image.group,
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return {
      asset: {
        isRequired: true,
        default: undefined,
        parseHTML: (element: HTMLElement) => element.getAttribute('data-asset'),
        renderHTML: (attrs: { asset?: string }) => (attrs.asset ? { 'data-asset': attrs.asset, src: editorImageSrc(attrs.asset) } : {}),
      },
      alt: {
        default: DOCUMENT_NODES.image.attrs.alt.default,
        parseHTML: (element: HTMLElement) => (element.getAttribute('alt') ?? '').slice(0, DOCUMENT_NODES.image.attrs.alt.max),
        renderHTML: (attrs: { alt?: string }) => ({ alt: attrs.alt ?? '' }),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'img[data-asset]', getAttrs: (element: HTMLElement) => (UUID.test(element.getAttribute('data-asset') ?? '') ? null : false) }];
  },

  renderHTML({ HTMLAttributes }) {
    return ['img', HTMLAttributes];
  },
});

const isTone = (value: unknown): value is CalloutTone => (CALLOUT_TONES as readonly unknown[]).includes(value);

/** A box of blocks set apart as a note, a tip or a warning (DOCUMENT_NODES.callout): the editor's node. */
export const CalloutNode = Node.create({
  name: 'callout',
  group: DOCUMENT_NODES.callout.group,
  content: DOCUMENT_NODES.callout.content,
  defining: true,

  addAttributes() {
    return {
      tone: {
        default: DOCUMENT_NODES.callout.attrs.tone.default,
        parseHTML: (element: HTMLElement) => {
          const tone = element.getAttribute('data-tone');
          return isTone(tone) ? tone : DOCUMENT_NODES.callout.attrs.tone.default;
        },
        renderHTML: (attrs: { tone?: string }) => ({ 'data-tone': attrs.tone }),
      },
    };
  },

  parseHTML() {
    return [{ tag: 'div[data-callout]' }];
  },

  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes({ 'data-callout': '' }, HTMLAttributes), 0];
  },
});

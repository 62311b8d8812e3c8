import { mergeAttributes, Node } from '@tiptap/core';
import { CALLOUT_TONES, DOCUMENT_NODES, IMAGE_SIZES, type AssetDetail, type CalloutTone } from '@observatory/shared';
import { api, apiUrl } from '../lib/api-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An image's plain display URL: what the editor's HTML carries (copied out, pasted back: only its asset id is read). */
export const editorImageSrc = (asset: string) => apiUrl(`/assets/${encodeURIComponent(asset)}/${IMAGE_SIZES.display}`);

/**
 * The display URLs the editor shows images by, by asset: as GET assets/{id} answers them,
 * signed for the reader when not everyone may see the image (signed URLs last an hour).
 */
const displayUrls = new Map<string, { url: Promise<string | null>; until: number }>();
const KEEP_URL_MS = 30 * 60 * 1000;

/** An image just uploaded: its answer already holds its URL. */
export function rememberImageUrl(asset: string, url: string) {
  displayUrls.set(asset, { url: Promise.resolve(url), until: Date.now() + KEEP_URL_MS });
}

function displayUrl(asset: string): Promise<string | null> {
  const known = displayUrls.get(asset);
  if (known && known.until > Date.now()) return known.url;
  const url = api.get<AssetDetail>(`/assets/${encodeURIComponent(asset)}`).then(
    (detail) => detail.asset.image?.url ?? null,
    () => null,
  );
  displayUrls.set(asset, { url, until: Date.now() + KEEP_URL_MS });
  return url;
}

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
        // Taken whole, however long: one past its limit is said by the image's description field and the editor, and refused by the form (documentProblem).
        parseHTML: (element: HTMLElement) => element.getAttribute('alt') ?? '',
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

  // Shown by the URL GET assets/{id} gives (signed when the image is restricted), not the plain one.
  addNodeView() {
    return ({ node }) => {
      const img = document.createElement('img');
      const asset = String(node.attrs.asset ?? '');
      img.setAttribute('data-asset', asset);
      img.alt = String(node.attrs.alt ?? '');
      void displayUrl(asset).then((url) => {
        if (url) img.src = url;
        else img.setAttribute('data-missing', '');
      });
      return {
        dom: img,
        update: (updated) => {
          if (updated.type !== node.type || updated.attrs.asset !== asset) return false;
          img.alt = String(updated.attrs.alt ?? '');
          return true;
        },
      };
    };
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

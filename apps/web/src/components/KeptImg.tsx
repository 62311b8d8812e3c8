import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { keptImage } from '../lib/kept/store';

/**
 * An image that, when the network cannot load it, shows the copy kept on this device
 * (lib/kept/store.ts), if the signed-in user kept one.
 */
export function KeptImg({ image, ...props }: { image: { id: string; url: string } } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'>) {
  const [kept, setKept] = useState<{ id: string; src: string } | null>(null);
  useEffect(() => (kept ? () => URL.revokeObjectURL(kept.src) : undefined), [kept]);
  const fallBack = () => {
    if (kept?.id === image.id) return;
    void keptImage(image.id)
      .then((blob) => blob && setKept({ id: image.id, src: URL.createObjectURL(blob) }))
      .catch(() => undefined);
  };
  return <img {...props} src={kept?.id === image.id ? kept.src : image.url} onError={fallBack} />;
}

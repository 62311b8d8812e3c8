import { useForm } from '@mantine/form';
import { lengthLimit, PhotoChangeSchema, type Photo } from '@observatory/shared';
import { ConflictDialog, type ComparedField } from '../../components/ConflictDialog';
import { lengthProblem } from '../../lib/form-rules';
import { useVersionedEdit } from '../../lib/versions';
import { useObjectPageValue } from './object-context';
import { usePhotoActions } from './object-page';

/** The server's longest caption. */
export const CAPTION_MAX = lengthLimit(PhotoChangeSchema.shape.caption);

interface CaptionValues {
  caption: string;
}

/** What the conflict dialog compares of a photo: its caption, side by side. */
const CAPTION_FIELDS: ComparedField<CaptionValues>[] = [{ key: 'caption', label: 'Caption', document: true, show: (v) => String(v ?? '') }];

/**
 * A photo's caption being written, `photo` as the object's photo page lists it now: the
 * save is based on the version the editor started from; refused as changed meanwhile
 * (412), the page is asked again and `dialog` shows both captions, to keep editing on the
 * current one or overwrite it. A caption too long stays as typed and is not sent.
 */
export function useCaptionEdit(photo: Photo, onSaved: () => void) {
  const { name, photoPage, showPhotoPage } = useObjectPageValue();
  // Only its caption changes here: the page it is on matters to a deletion alone.
  const { caption } = usePhotoActions(name, photo.id, { page: photoPage, count: 1 }, showPhotoPage);
  const form = useForm<CaptionValues>({ initialValues: { caption: photo.caption ?? '' } });
  const stored = { version: photo.version, values: { caption: photo.caption ?? '' } };
  const edit = useVersionedEdit(form, stored);
  const save = (values = form.values, conditional = edit.conditional) => {
    if (lengthProblem(values.caption, CAPTION_MAX)) return;
    caption.mutate({ caption: values.caption.trim() || null, conditional }, { onSuccess: onSaved, onError: (e) => void edit.refused(e, values) });
  };
  const dialog = (
    <ConflictDialog
      edit={edit}
      server={stored}
      fields={CAPTION_FIELDS}
      what="the photo"
      overwriting={caption.isPending}
      onOverwrite={({ values, conditional }) => save(values, conditional)}
    />
  );
  return { form, save, dialog, busy: caption.isPending, changed: form.isDirty() };
}

import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { ImageRef } from '@observatory/shared';
import { api } from '../lib/api-client';
import { confirmDelete } from './confirm';
import { FormError } from './FormError';

const ACCEPTED = 'image/jpeg,image/png,image/webp';

interface ImageUploadProps<T> {
  /** What the image is, in lower case: "photo", "logo". */
  what: string;
  /** Whose image it is, for the placeholder's initials and the messages. */
  name: string;
  image: ImageRef | null;
  /** The API path that takes PUT (multipart) and DELETE. */
  path: string;
  /**
   * Hears the holder as the server answered it: its new version is to be taken at once, or a
   * form saved before its refetch lands would be refused as changed meanwhile by this very change.
   */
  onChanged: (holder: T) => void;
}

/** Shows an image with buttons to upload a new one (JPEG, PNG or WebP) or remove it, after confirming. */
export function ImageUpload<T>({ what, name, image, path, onChanged }: ImageUploadProps<T>) {
  const upload = useMutation({ mutationFn: (file: File) => api.upload<T>(path, file), onSuccess: (holder) => onChanged(holder) });
  const remove = useMutation({ mutationFn: () => api.del<T>(path), onSuccess: (holder) => onChanged(holder) });
  const confirmRemove = () =>
    confirmDelete({
      title: `Remove the ${what}?`,
      message: `The ${what} of ${name} is deleted; you can upload another later.`,
      confirmLabel: 'Remove',
      onConfirm: () => remove.mutate(undefined, { onSuccess: () => notifications.show({ color: 'green', message: `The ${what} was removed` }) }),
    });
  return (
    <Stack gap="xs">
      <FormError error={upload.error ?? remove.error} />
      <Group gap="lg">
        <Avatar
          src={image?.url}
          name={name}
          size={96}
          radius={what === 'logo' ? 'sm' : 'xl'}
          color="blue"
          variant="filled"
          alt={image ? `The current ${what}` : ''}
        />
        <Stack gap={6}>
          <Group gap="sm">
            <FileButton
              accept={ACCEPTED}
              onChange={(file) => file && upload.mutate(file, { onSuccess: () => notifications.show({ color: 'green', message: `The ${what} was saved` }) })}
            >
              {(props) => (
                <Button {...props} variant="default" loading={upload.isPending}>
                  {image ? `Replace the ${what}` : `Upload a ${what}`}
                </Button>
              )}
            </FileButton>
            {image ? (
              <Button variant="subtle" color="danger" onClick={confirmRemove} loading={remove.isPending}>
                Remove
              </Button>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            JPEG, PNG or WebP. It is shown at most 400 pixels wide; its camera data (such as location) is not shown.
          </Text>
        </Stack>
      </Group>
    </Stack>
  );
}

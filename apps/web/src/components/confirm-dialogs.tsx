import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useRef, useState, type ReactNode } from 'react';
import { errorText } from '../lib/errors';
import type { ActionConfirmation, DeleteConfirmation, Message } from './confirm';

/** The dialogs of components/confirm: the only callers of Mantine's openConfirmModal (a lint rule keeps it so), so every one reads and behaves alike. */

const paragraphs = (message: Message) =>
  Array.isArray(message) ? (
    <Stack gap="xs">
      {message.map((paragraph, i) => (
        <Text key={i} size="sm">
          {paragraph}
        </Text>
      ))}
    </Stack>
  ) : (
    <Text size="sm">{message}</Text>
  );

/**
 * The action of a dialog's confirm button, done once: a second click (a double click, or
 * one while the dialog fades out) does nothing.
 */
function once<T>(action: () => T): () => T | undefined {
  let done = false;
  return () => {
    if (done) return undefined;
    done = true;
    return action();
  };
}

/** Asks before an action that deletes nothing; the dialog closes as the action starts, which starts once. */
export function confirmAction({ title, message, confirmLabel, cancelLabel = 'Cancel', danger = false, onConfirm }: ActionConfirmation) {
  modals.openConfirmModal({
    title,
    children: paragraphs(message),
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    ...(danger ? { confirmProps: { color: 'danger' } } : {}),
    onConfirm: once(onConfirm),
  });
}

/**
 * Asks before leaving a form or editor whose changes are not saved: "Stay" keeps the page
 * as it is, "Leave" goes on. Closing the dialog any other way (Escape, outside) stays.
 */
export function confirmLeave({ what, onLeave, onStay }: { what: string; onLeave: () => void; onStay: () => void }) {
  let leaving = false;
  modals.openConfirmModal({
    title: 'Leave without saving?',
    children: paragraphs(`Your changes to ${what} will be lost.`),
    labels: { confirm: 'Leave', cancel: 'Stay' },
    confirmProps: { color: 'danger' },
    onConfirm: () => {
      leaving = true;
      onLeave();
    },
    // Called however the dialog closes, after onConfirm when it was Leave.
    onClose: () => {
      if (!leaving) onStay();
    },
  });
}

/** Asks before a deletion (or a removal: a role taken away, a link undone). */
export function confirmDelete(confirmation: DeleteConfirmation) {
  const { title, message, confirmLabel = 'Delete', cancelLabel = 'Keep it', typed } = confirmation;
  if (typed) {
    modals.open({
      title,
      children: (
        <TypedConfirmation message={message} typed={typed} labels={{ confirm: confirmLabel, cancel: cancelLabel }} onConfirm={confirmation.onConfirm} />
      ),
    });
    return;
  }
  const body = paragraphs(message);
  // A second click while the deletion starts or runs does nothing; after a failure, Delete tries again.
  let busy = false;
  const modalId = modals.openConfirmModal({
    title,
    children: body,
    labels: { confirm: confirmLabel, cancel: cancelLabel },
    confirmProps: { color: 'danger' },
    closeOnConfirm: false,
    onConfirm: () => {
      if (busy) return;
      busy = true;
      const done = confirmation.onConfirm();
      if (!(done instanceof Promise)) return modals.close(modalId);
      // Busy: nothing closes the dialog until the deletion has settled.
      const show = (pending: boolean, error?: unknown) =>
        modals.updateModal({
          modalId,
          closeOnEscape: !pending,
          closeOnClickOutside: !pending,
          closeButtonProps: { 'aria-label': 'Close', disabled: pending },
          cancelProps: { disabled: pending },
          confirmProps: { color: 'danger', loading: pending },
          children: error ? <Failure body={body} title={confirmation.failureTitle ?? 'Not deleted'} error={error} /> : body,
        });
      show(true);
      done.then(
        () => modals.close(modalId),
        (error: unknown) => {
          busy = false;
          show(false, error);
        },
      );
    },
  });
}

function Failure({ body, title, error }: { body: ReactNode; title: string; error: unknown }) {
  return (
    <Stack gap="sm">
      {body}
      <Alert color="danger" role="alert" title={title}>
        {errorText(error)}
      </Alert>
    </Stack>
  );
}

/** The name typed before the deletion may go ahead (the modal lives outside the router: it only calls back). */
function TypedConfirmation({
  message,
  typed,
  labels,
  onConfirm,
}: {
  message: Message;
  typed: NonNullable<DeleteConfirmation['typed']>;
  labels: { confirm: string; cancel: string };
  onConfirm: () => void;
}) {
  const [text, setText] = useState('');
  // Once: a second click while the dialog closes does nothing.
  const fired = useRef(false);
  const confirm = () => {
    if (fired.current) return;
    fired.current = true;
    modals.closeAll();
    onConfirm();
  };
  return (
    <Stack gap="sm">
      {paragraphs(message)}
      <TextInput
        label={typed.label}
        description={typed.description}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        data-autofocus
        autoComplete="off"
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => modals.closeAll()}>
          {labels.cancel}
        </Button>
        <Button color="danger" disabled={text.trim() !== typed.value} onClick={confirm}>
          {labels.confirm}
        </Button>
      </Group>
    </Stack>
  );
}

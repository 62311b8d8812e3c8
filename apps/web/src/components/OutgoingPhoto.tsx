import { Group, Image, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatBytes } from '../lib/bytes';
import type { Outgoing } from '../lib/outbox/store';

/** A photo recorded on this device and not yet sent: its picture (from the device), name and size. */
export function OutgoingPhoto({ item }: { item: Outgoing }) {
  const file = item.body.file as Blob;
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const name = String(item.body.fileName ?? 'photo');
  return (
    <Group gap="sm" wrap="nowrap">
      {src ? <Image src={src} alt={`Photo waiting to be sent: ${name}`} w={96} h={72} fit="cover" radius="sm" /> : null}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {name}, {formatBytes(file.size)}
        {item.body.lon !== undefined ? `, taken at ${String(item.body.lat)}, ${String(item.body.lon)}` : ''}
      </Text>
    </Group>
  );
}

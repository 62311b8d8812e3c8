import { useQuery } from '@tanstack/react-query';
import { institutionsQuery } from './lists';
import { ListPicker, type ListPickerProps } from './ListPicker';

/** Pick a partner institution by name. */
export function InstitutionPicker({ label = 'Institution', ...props }: ListPickerProps) {
  const list = useQuery({ ...institutionsQuery(), select: (r) => r.institutions });
  return <ListPicker label={label} what="institutions" items={list} {...props} />;
}

import { useQuery } from '@tanstack/react-query';
import { teamsQuery } from './lists';
import { ListPicker, type ListPickerProps } from './ListPicker';

/** Pick a team by name. */
export function TeamPicker({ label = 'Team', ...props }: ListPickerProps) {
  const list = useQuery(teamsQuery());
  return <ListPicker label={label} what="teams" items={list} {...props} />;
}

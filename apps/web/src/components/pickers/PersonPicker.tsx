import { peopleSearchQuery, type PersonFound } from './people';
import { SearchPicker, type SearchPickerProps } from './SearchPicker';

type PersonPickerProps = Omit<SearchPickerProps<PersonFound>, 'search' | 'toOption' | 'nothingFound' | 'label'> & {
  label?: string;
  /** What the value holds: the person's id (default) or slug (a filter in an address). */
  by?: 'id' | 'slug';
};

/** Pick a person by typing part of their name. */
export function PersonPicker({ label = 'Person', placeholder = 'Type a name', by = 'id', ...props }: PersonPickerProps) {
  return (
    <SearchPicker
      label={label}
      placeholder={placeholder}
      search={peopleSearchQuery}
      toOption={(p) => ({ value: p[by], label: p.name })}
      nothingFound="Nobody found"
      {...props}
    />
  );
}

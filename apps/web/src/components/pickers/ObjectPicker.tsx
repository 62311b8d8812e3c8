import { objectSearchQuery, type ObjectFound } from './search-queries';
import { SearchPicker, type SearchPickerProps } from './SearchPicker';

type ObjectPickerProps = Omit<SearchPickerProps<ObjectFound>, 'search' | 'toOption' | 'nothingFound' | 'label' | 'hidden'> & {
  label?: string;
  /** What the value holds: the object's id (default) or name (a filter in an address). */
  by?: 'id' | 'name';
  /** An object not to offer (the one being edited, as its own parent). */
  except?: string | undefined;
};

/** Pick an object by typing part of its name or title. */
export function ObjectPicker({ label = 'Object', placeholder = 'Type a name or title', by = 'id', except, ...props }: ObjectPickerProps) {
  return (
    <SearchPicker
      label={label}
      placeholder={placeholder}
      search={objectSearchQuery}
      toOption={(o) => ({ value: o[by], label: `${o.title} (${o.name})` })}
      hidden={except ? (o) => o.id === except : undefined}
      nothingFound="No object found"
      {...props}
    />
  );
}
